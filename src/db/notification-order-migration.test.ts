import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";

// Notifications written before streams had a commit-order position get one when the migration
// runs: numbered in the order streams used to send them (creation time, then id), so a client
// reconnecting with the id of one of them resumes where it left off, and all of them come before
// any notification written afterwards.

const migrations = fileURLToPath(new URL("../../drizzle/", import.meta.url));
const files = readdirSync(migrations)
  .filter((name) => name.endsWith(".sql"))
  .sort();
const positionColumns = files.findIndex((name) => name.includes("notification_commit_order"));
const client = new PGlite();

afterAll(() => client.close());

async function apply(names: string[]): Promise<void> {
  for (const name of names)
    for (const statement of readFileSync(join(migrations, name), "utf8").split("--> statement-breakpoint"))
      await client.exec(statement);
}

describe("the migration that gives notifications their stream position", () => {
  it("numbers existing notifications by creation time, then id, below every later one", async () => {
    await apply(files.slice(0, positionColumns));
    const [{ id: userId }] = (
      await client.query<{ id: string }>(
        "insert into users (name, email) values ('Ada', 'ada@example.com') returning id",
      )
    ).rows as [{ id: string }];
    // Inserted in another order than their creation times.
    for (const [id, at] of [
      ["00000000-0000-4000-8000-000000000003", "2026-01-01T00:00:02Z"],
      ["00000000-0000-4000-8000-000000000001", "2026-01-01T00:00:03Z"],
      ["00000000-0000-4000-8000-000000000002", "2026-01-01T00:00:02Z"],
      ["00000000-0000-4000-8000-000000000000", "2026-01-01T00:00:01Z"],
    ])
      await client.query(
        "insert into notifications (id, user_id, type, message, created_at) values ($1, $2, 'admin', 'old', $3)",
        [id, userId, at],
      );
    await apply(files.slice(positionColumns));
    await client.query("insert into notifications (id, user_id, type, message) values ($1, $2, 'admin', 'new')", [
      "00000000-0000-4000-8000-00000000000f",
      userId,
    ]);

    const { rows } = await client.query<{ id: string }>("select id from notifications order by tx_id, seq");
    expect(rows.map((row) => row.id.slice(-1))).toEqual(["0", "2", "3", "1", "f"]);
  }, 120_000);
});
