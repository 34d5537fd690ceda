import { useAction } from "./action.js";
import { api, must } from "./api.js";
import { formatTime } from "./format.js";
import { Freshness, Status, useLoad } from "./load.js";
import { fromQuery, toQuery } from "./query.js";
import { OffsetPages } from "./offset-pages.js";
import { navigate } from "./router.js";

const PAGE_SIZE = 20;
const STATUSES = { "": "Waiting and failed", pending: "Waiting", failed: "Failed" } as const;

/** The mail outbox (ADMIN): waiting and failed messages, their last error, and a retry for a failed one. */
export function Mail({ query }: { query: URLSearchParams }) {
  const filters = fromQuery(query, ["status", "offset"]);
  const status = filters.status === "pending" || filters.status === "failed" ? filters.status : undefined;
  const start = Number(filters.offset) || 0;
  const loaded = useLoad(
    () => must(api.GET("/api/v2/admin/mail/", { params: { query: { status, limit: PAGE_SIZE, offset: start } } })),
    `${status}|${start}`,
  );
  const action = useAction();
  return (
    <>
      <h1>Mail outbox</h1>
      <form
        class="filters"
        role="search"
        aria-label="Filter the outbox"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(`/mail${toQuery({ status: new FormData(event.currentTarget).get("status") as string })}`);
        }}
      >
        <label>
          Status
          <select name="status" key={status ?? ""}>
            {Object.entries(STATUSES).map(([value, label]) => (
              <option key={value} value={value} selected={value === (status ?? "")}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      {action.note}
      {!loaded.data ? (
        <Status loaded={loaded} />
      ) : (
        <>
          <Freshness loaded={loaded} />
          <p>{loaded.data.count} messages</p>
          <div class="table">
            <table>
              <caption class="visually-hidden">Messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Queued</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.results.map((mail) => (
                  <tr key={mail.id}>
                    <td>{formatTime(mail.createdAt)}</td>
                    <td>{mail.recipient}</td>
                    <td>{mail.subject}</td>
                    <td>
                      {mail.status === "pending" ? `waiting, next try ${formatTime(mail.nextAttemptAt)}` : "failed"}
                    </td>
                    <td>{mail.attempts}</td>
                    <td>{mail.lastError ?? ""}</td>
                    <td>
                      {mail.retryable ? (
                        <button
                          type="button"
                          disabled={action.busy}
                          onClick={() =>
                            action.run(
                              () =>
                                must(api.POST("/api/v2/admin/mail/{id}/retry/", { params: { path: { id: mail.id } } })),
                              `The message to ${mail.recipient} is queued again`,
                              loaded.reload,
                            )
                          }
                        >
                          Retry mail to {mail.recipient}
                        </button>
                      ) : mail.status === "failed" ? (
                        `link expired ${formatTime(mail.expiresAt)}`
                      ) : (
                        ""
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <OffsetPages path="/mail" filters={{ status }} start={start} pageSize={PAGE_SIZE} count={loaded.data.count} />
        </>
      )}
    </>
  );
}
