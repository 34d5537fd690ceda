import { api, must } from "./api.js";
import { formatPerson, formatTime } from "./format.js";
import { Freshness, Status, useLoad } from "./load.js";
import { Link } from "./router.js";

const POLL_MS = 10_000;

/** The counts and the latest audit entries, loaded again every few seconds. */
export function Dashboard() {
  const loaded = useLoad(
    () =>
      Promise.all([
        must(api.GET("/api/v2/admin/dashboard/")),
        must(api.GET("/api/v2/admin/audit/", { params: { query: { limit: 5 } } })),
      ]),
    "dashboard",
    POLL_MS,
  );
  if (!loaded.data) return <Status loaded={loaded} />;
  const [counts, audit] = loaded.data;
  return (
    <>
      <h1>Dashboard</h1>
      <Freshness loaded={loaded} />
      <div class="cards">
        <section>
          <h2>Users by role</h2>
          <ul>
            {Object.entries(counts.users).map(([role, n]) => (
              <li key={role}>
                {role}: {n}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>Posts</h2>
          <ul>
            <li>visible: {counts.posts.visible}</li>
            <li>hidden: {counts.posts.hidden}</li>
          </ul>
        </section>
        <section>
          <h2>Today</h2>
          <p>{counts.commentsToday} comments</p>
        </section>
        <section>
          <h2>Mail</h2>
          <ul>
            <li>waiting: {counts.mail.pending}</li>
            <li>failed: {counts.mail.failed}</li>
          </ul>
        </section>
      </div>
      <h2>Latest audit entries</h2>
      <ul>
        {audit.results.map((entry) => (
          <li key={entry.id}>
            {formatTime(entry.createdAt)}: {formatPerson({ name: entry.actorName, email: entry.actorEmail })}{" "}
            {entry.action}
          </li>
        ))}
      </ul>
      <Link to="/audit">The whole audit trail</Link>
    </>
  );
}
