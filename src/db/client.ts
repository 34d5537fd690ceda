import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { migratePglite, migratePostgres } from "./migrate.js";
import { schema } from "./schema.js";

/** One drizzle type for both drivers; a transaction is a Db too, so services take either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: "postgres" | "pglite";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Applies pending migrations from drizzle/. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** How long a request waits for a pooled connection before failing (and becoming a 503). */
  connectionTimeoutMillis?: number;
  /** How long a request waits for a query's answer before failing (and becoming a 503); migrations have none. */
  queryTimeoutMillis?: number;
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url.startsWith("pglite:") ? openPglite(options.url.slice("pglite:".length)) : openPostgres(options);
}

function openPostgres({ url, poolMax = 10, connectionTimeoutMillis = 3000, queryTimeoutMillis, onPoolError }: DatabaseOptions): Database {
  // keepAlive: a peer that vanished without closing is noticed by TCP, not only by a query's timeout.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis, query_timeout: queryTimeoutMillis, keepAlive: true });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on("error", (error) => onPoolError?.(error));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    ping: async () => void (await db.execute(sql`select 1`)),
    // Its own connection without the request timeouts: a migration may rightly run for minutes.
    migrate: async () => {
      const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migratePostgres(migrationPool);
      } finally {
        await migrationPool.end();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(location: string): Promise<Database> {
  const inMemory = location === "memory";
  if (!inMemory) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : location);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    migrate: () => migratePglite(client),
    close: () => client.close(),
  };
}
