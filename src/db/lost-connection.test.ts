import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { poll } from "../../test/poll.js";
import { openDatabase } from "./client.js";
import { isDatabaseUnavailable } from "./errors.js";

const serverUrl = process.env.TEST_DATABASE_URL;

async function adminRows(statement: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

// A server that restarts or fails over ends every session, also one a request holds between two
// statements of its transaction: the process must see a failed request, not an unhandled error.
describe.skipIf(!serverUrl)("a pooled connection lost while a transaction holds it (PostgreSQL)", () => {
  it("fails the transaction as the database being unavailable and keeps the process alive", async () => {
    const database = await openDatabase({ url: serverUrl! });
    try {
      const transaction = database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid`);
        const [row] = (result as { rows: { pid: number }[] }).rows;
        await adminRows("select pg_terminate_backend($1)", [row!.pid]);
        // The session is gone on the server, and its end has reached this process, before the next statement.
        await poll(
          async () => (await adminRows("select 1 from pg_stat_activity where pid = $1", [row!.pid])).length,
          (count) => count === 0,
        );
        await new Promise((resolve) => setImmediate(resolve));
        await tx.execute(sql`select 1`);
      });
      const failure = await transaction.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      // The pool replaces the lost connection.
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
