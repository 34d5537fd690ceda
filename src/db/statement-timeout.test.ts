import pg from "pg";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";

// A 503 tells the client its write was not made, so that it may send it again: a statement past
// the query timeout must end on the server too, not wait there for its lock and commit later.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a write past the query timeout (PostgreSQL)", () => {
  const t = useTestApp({ DATABASE_QUERY_TIMEOUT_MS: "1000" });

  it("answers 503 and is never written, even once the lock it waited for is released", async () => {
    const author = await signUp(t);
    const locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    const waitingOnLock = async () =>
      (
        await locker.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        )
      ).rows[0].n as number;
    try {
      await locker.query("begin; lock table posts in exclusive mode");
      const res = await t.http
        .post("/api/posts")
        .set("cookie", author.cookie)
        .send({ title: "Timed out", content: "Must not appear later." });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: "The database is unavailable, try again shortly",
        code: "service_unavailable",
      });
      // The server gave the statement up: nothing waits for the lock any more.
      expect(await poll(waitingOnLock, (n) => n === 0)).toBe(0);
      await locker.query("commit");
      const { rows } = await locker.query("select count(*)::int as n from posts where title = 'Timed out'");
      expect(rows[0].n).toBe(0);
    } finally {
      await locker.end();
    }
  });
});
