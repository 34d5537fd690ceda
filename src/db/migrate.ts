import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/** The project's drizzle/ folder (backups apply its migrations inside their own transaction). */
export const migrationsFolder = findMigrationsFolder(dirname(fileURLToPath(import.meta.url)));

/**
 * The project's drizzle/ folder, found from this module upwards: the module is src/db/migrate.ts
 * under tsx and tests, but a bundle such as dist/main.js or dist/cli/users.js once built.
 */
function findMigrationsFolder(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    if (dirname(dir) === dir) throw new Error(`No drizzle/ migrations folder above ${from}`);
  }
}

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
  const [{ drizzle }, { migrate }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  await migrate(drizzle(client), { migrationsFolder });
}
