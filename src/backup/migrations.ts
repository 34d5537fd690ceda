import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "../db/migrate.js";
import type { DrizzleDb } from "../db/schema.js";

export interface Migration {
  tag: string;
  /** drizzle's key for a migration: its journal time, recorded as `created_at` once applied. */
  createdAt: number;
  hash: string;
  statements: string[];
}

/** This release's migrations, oldest first. */
export function releaseMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({
    tag: tags.get(migration.folderMillis) ?? String(migration.folderMillis),
    createdAt: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

/**
 * Applies migrations in the caller's transaction and records them as drizzle's migrator does (same
 * schema, table and columns), so that the service's own migrator later sees them as applied. A
 * restore needs this inside its transaction: drizzle's migrator opens one of its own.
 */
export async function applyMigrations(tx: DrizzleDb, migrations: readonly Migration[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.createdAt})`,
    );
  }
}

/** What this release's migrations create, by name: whatever else a database holds is not the service's. */
export interface OwnedObjects {
  tables: Set<string>;
  types: Set<string>;
  functions: Set<string>;
}

/**
 * Read from the migrations' own statements, so a new table, type or function is known without a
 * list to keep: names are unquoted and schema-less, as `public.name` in the catalog.
 */
export function ownedObjects(migrations: readonly Migration[] = releaseMigrations()): OwnedObjects {
  const owned: OwnedObjects = { tables: new Set(), types: new Set(), functions: new Set() };
  const pattern =
    /create\s+(?:or\s+replace\s+)?(table|type|function)\s+(?:if\s+not\s+exists\s+)?(?:"?public"?\.)?"?(\w+)"?/gi;
  for (const statement of migrations.flatMap((migration) => migration.statements)) {
    for (const [, kind, name] of statement.matchAll(pattern)) {
      const set =
        kind!.toLowerCase() === "table" ? owned.tables : kind!.toLowerCase() === "type" ? owned.types : owned.functions;
      set.add(name!);
    }
  }
  return owned;
}
