import { api, must } from "./api.js";
import { formatPerson, formatTime } from "./format.js";
import { Freshness, Status, useLoad } from "./load.js";
import { fromQuery, instantOf, toQuery } from "./query.js";
import { Link, navigate } from "./router.js";

const POLL_MS = 10_000;
const NAMES = ["actor", "action", "from", "to"] as const;

/** The audit trail, newest first, filtered by actor, action and time; new entries appear by polling. */
export function Audit({ query, admin }: { query: URLSearchParams; admin: boolean }) {
  const filters = fromQuery(query, NAMES);
  const loaded = useLoad(
    () =>
      must(
        api.GET("/api/v2/admin/audit/", {
          params: {
            query: {
              actor: filters.actor || undefined,
              action: filters.action || undefined,
              from: instantOf(filters.from),
              to: instantOf(filters.to),
            },
          },
        }),
      ),
    toQuery(filters),
    POLL_MS,
  );
  const person = (id: string | null, name: string | null, email: string | null) =>
    id && admin && name ? (
      <Link to={`/users/${id}`}>{formatPerson({ name, email })}</Link>
    ) : (
      formatPerson({ name, email }, id ?? "the operator CLI")
    );
  return (
    <>
      <h1>Audit trail</h1>
      <form
        class="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          navigate(`/audit${toQuery(Object.fromEntries(NAMES.map((name) => [name, form.get(name) as string])))}`);
        }}
      >
        <label>
          Actor id
          <input name="actor" defaultValue={filters.actor} />
        </label>
        <label>
          Action
          <input name="action" defaultValue={filters.action} placeholder="user.set_roles" />
        </label>
        <label>
          From
          <input name="from" type="datetime-local" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input name="to" type="datetime-local" defaultValue={filters.to} />
        </label>
        <button type="submit">Filter</button>
      </form>
      {!loaded.data ? (
        <Status loaded={loaded} />
      ) : (
        <>
          <Freshness loaded={loaded} />
          <div class="table">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Did</th>
                  <th scope="col">To</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.results.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatTime(entry.createdAt)}</td>
                    <td>{person(entry.actorId, entry.actorName, entry.actorEmail)}</td>
                    <td>{entry.action}</td>
                    <td>
                      {entry.targetName ? (
                        person(entry.targetId, entry.targetName, entry.targetEmail)
                      ) : entry.targetId && entry.action.startsWith("post.") ? (
                        <Link to={`/posts/${entry.targetId}`}>post {entry.targetId}</Link>
                      ) : (
                        (entry.targetId ?? "")
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
