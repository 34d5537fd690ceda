import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePgliteDb } from "drizzle-orm/pglite/migrator";
import type pg from "pg";

// The same relative place from src/db (tests, tsx) and from dist/db (npm start).
const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

// Any constant works; it only has to be the same in every instance of the service.
const MIGRATION_LOCK_ID = 727_001;

/**
 * drizzle's migrator takes no lock, so two instances starting together could both apply a
 * migration; a session advisory lock on one dedicated connection serialises them.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

export async function migratePglite(client: PGlite): Promise<void> {
  await migratePgliteDb(drizzlePglite(client), { migrationsFolder });
}
