import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { copyEmbeddedTemplate } from "../../test/embedded-template.js";
import { openDatabase } from "./client.js";
import { isDatabaseUnavailable } from "./errors.js";
import { embeddedDatabaseUrl } from "./pglite-socket.js";

const directories: string[] = [];
afterAll(() => directories.forEach((directory) => rmSync(directory, { recursive: true, force: true })));
/** A data directory holding the run's migrated embedded database. */
function dataDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "posts-api-socket-"));
  directories.push(directory);
  copyEmbeddedTemplate(directory);
  return directory;
}

async function titles(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed unknown over the two drivers; both return { rows }
  const result = (await database.db.execute(sql`select v from notes order by v`)) as unknown as {
    rows: { v: string }[];
  };
  return result.rows.map((row) => row.v);
}

describe("the embedded database served on its socket", () => {
  it("keeps the holder's writes out of a client's transaction: the client's rollback undoes only its own", async () => {
    const directory = dataDirectory();
    const holder = await openDatabase({ url: `pglite:${directory}` });
    const client = new pg.Client(embeddedDatabaseUrl(join(directory, "socket")));
    try {
      await holder.db.execute(sql`create table notes (v text)`);
      await client.connect();
      await client.query("begin");
      await client.query("insert into notes values ('client')");
      // The holder's write waits for the client's transaction instead of joining it.
      const holderWrite = holder.db.execute(sql`insert into notes values ('holder')`);
      await client.query("rollback");
      await holderWrite;
      expect(await titles(holder)).toEqual(["holder"]);
    } finally {
      await client.end();
      await holder.close();
    }
  });

  it("rolls back what a client that vanished left open, and serves the holder again", async () => {
    const directory = dataDirectory();
    const holder = await openDatabase({ url: `pglite:${directory}` });
    try {
      await holder.db.execute(sql`create table notes (v text)`);
      const client = new pg.Client(embeddedDatabaseUrl(join(directory, "socket")));
      client.on("error", () => undefined);
      await client.connect();
      await client.query("begin");
      await client.query("insert into notes values ('abandoned')");
      const holderWrite = holder.db.execute(sql`insert into notes values ('holder')`);
      // The connection drops without a COMMIT, as when the command is killed.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await holderWrite;
      expect(await titles(holder)).toEqual(["holder"]);
    } finally {
      await holder.close();
    }
  });

  it("fails the holder's query after the query timeout while a client holds the database, and never runs it later", async () => {
    const directory = dataDirectory();
    const holder = await openDatabase({ url: `pglite:${directory}`, queryTimeoutMillis: 200 });
    const client = new pg.Client(embeddedDatabaseUrl(join(directory, "socket")));
    try {
      await holder.db.execute(sql`create table notes (v text)`);
      await client.connect();
      await client.query("begin");
      const refused = await holder.db
        .execute(sql`insert into notes values ('refused')`)
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      await client.query("commit");
      expect(await titles(holder)).toEqual([]);
    } finally {
      await client.end();
      await holder.close();
    }
  });
});
