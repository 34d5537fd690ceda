import { api, must } from "./api.js";
import { Status, useLoad } from "./load.js";
import { fromQuery, toQuery } from "./query.js";
import { OffsetPages } from "./offset-pages.js";
import { Link, navigate } from "./router.js";

const PAGE_SIZE = 20;
const ROLES = ["ADMIN", "MODERATOR", "USER", "GUEST"] as const;
type Role = (typeof ROLES)[number];
const roleOf = (value: string): Role | undefined => ROLES.find((role) => role === value);

/** Users found by name or email and by role, a page at a time (ADMIN). */
export function Users({ query }: { query: URLSearchParams }) {
  const { search, offset, role: roleText } = fromQuery(query, ["search", "offset", "role"]);
  const role = roleOf(roleText);
  const start = Number(offset) || 0;
  const loaded = useLoad(
    () =>
      must(
        api.GET("/api/v2/users/", {
          params: { query: { search: search || undefined, role, limit: PAGE_SIZE, offset: start } },
        }),
      ),
    `${search}|${role}|${start}`,
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
          navigate(`/users${toQuery({ search: form.get("search") as string, role: form.get("role") as string })}`);
        }}
      >
        <label>
          Name or email
          <input name="search" type="search" defaultValue={search} />
        </label>
        <label>
          Role
          <select name="role" key={role ?? ""}>
            <option value="">Any role</option>
            {ROLES.map((value) => (
              <option key={value} value={value} selected={value === role}>
                {value}
              </option>
            ))}
          </select>
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
          <OffsetPages
            path="/users"
            filters={{ search, role }}
            start={start}
            pageSize={PAGE_SIZE}
            count={loaded.data.count}
          />
        </>
      )}
    </>
  );
}
