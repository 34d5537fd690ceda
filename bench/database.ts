import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../src/db/client.js";
import { adminQuery, withDatabase as onServer } from "../test/databases.js";
import { onCleanup } from "./cleanup.js";
import { packageVersion } from "./machine.js";

/** A database of the benchmark's own: a fresh PostgreSQL database or a PGlite folder, removed at the end. */
export interface BenchDatabase {
  /** The service's DATABASE_URL for it. */
  readonly url: string;
  readonly kind: "postgres" | "pglite";
  /** Opens it in this process. On PGlite no other process may have it open meanwhile. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** Creates `posts_api_bench_<random>` on the server of `serverUrl`, or a PGlite folder under the temp dir. */
export async function createBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  if (!serverUrl) {
    const dir = await mkdtemp(join(tmpdir(), "posts-api-bench-"));
    const drop = onCleanup(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
    const url = `pglite:${dir}`;
    return { url, kind: "pglite", open: () => openDatabase({ url }), drop };
  }
  const name = `posts_api_bench_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const drop = onCleanup(`drop database ${name}`, () =>
    adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  );
  const url = onServer(serverUrl, name);
  return { url, kind: "postgres", open: () => openDatabase({ url, poolMax: 2 }), drop };
}

/** Runs `work` on the database opened in this process, then closes it (PGlite allows one process at a time). */
export async function withDatabase<T>(database: BenchDatabase, work: (db: Database) => Promise<T>): Promise<T> {
  const opened = await database.open();
  try {
    return await work(opened);
  } finally {
    await opened.close();
  }
}

export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed unknown over the two drivers; both return { rows }
  const result = (await db.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** "PostgreSQL 16.4 (server)" or "PostgreSQL 17.5 (PGlite 0.5.16, embedded)". */
export async function describeDatabase(db: Database): Promise<string> {
  const [row] = await rows<{ server_version: string }>(db, sql`show server_version`);
  const version = row?.server_version.split(" ")[0] ?? "unknown";
  if (db.kind === "postgres") return `PostgreSQL ${version} (server on 127.0.0.1)`;
  return `PostgreSQL ${version} (PGlite ${packageVersion("@electric-sql/pglite")}, embedded, single process)`;
}
