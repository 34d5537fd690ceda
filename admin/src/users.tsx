import { api, must } from "./api.js";
import { Status, useLoad } from "./load.js";
import { fromQuery, toQuery } from "./query.js";
import { Link, navigate } from "./router.js";

const PAGE_SIZE = 20;

/** Users found by name or email, a page at a time (ADMIN). */
export function Users({ query }: { query: URLSearchParams }) {
  const { search, offset } = fromQuery(query, ["search", "offset"]);
  const start = Number(offset) || 0;
  const loaded = useLoad(
    () =>
      must(
        api.GET("/api/v2/users/", {
          params: { query: { search: search || undefined, limit: PAGE_SIZE, offset: start } },
        }),
      ),
    `${search}|${start}`,
  );
  return (
    <>
      <h1>Users</h1>
      <form
        class="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          navigate(`/users${toQuery({ search: form.get("search") as string })}`);
        }}
      >
        <label>
          Name or email
          <input name="search" type="search" defaultValue={search} />
        </label>
        <button type="submit">Search</button>
      </form>
      {!loaded.data ? (
        <Status loaded={loaded} />
      ) : (
        <>
          <p>
            {loaded.data.count} users{loaded.data.count > PAGE_SIZE ? `, from ${start + 1}` : ""}
          </p>
          <div class="table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Roles</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.results.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <Link to={`/users/${user.id}`}>{user.name}</Link>
                    </td>
                    <td>{"email" in user ? user.email : ""}</td>
                    <td>{"roles" in user ? user.roles.join(", ") : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages">
            {start > 0 && (
              <Link to={`/users${toQuery({ search, offset: Math.max(0, start - PAGE_SIZE) })}`}>Previous</Link>
            )}{" "}
            {start + PAGE_SIZE < loaded.data.count && (
              <Link to={`/users${toQuery({ search, offset: start + PAGE_SIZE })}`}>Next</Link>
            )}
          </nav>
        </>
      )}
    </>
  );
}
