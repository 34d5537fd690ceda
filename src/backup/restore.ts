import { sql } from "drizzle-orm";
import { CHANGES_CHANNEL, type Change } from "../changes/feed.js";
import type { DrizzleDb } from "../db/schema.js";
import { type CatalogObject, listTables, nonEmptyTables, queryRows, userObjects } from "./catalog.js";
import { BackupFileError, type BackupHeader, type TableHeader } from "./format.js";
import { applyMigrations, type OwnedObjects, ownedObjects, releaseMigrations } from "./migrations.js";
import { type BackupContents, readBackup, type Signing } from "./read.js";

/** The target database holds data and the operator did not say to replace it. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export interface RestoreSummary {
  header: BackupHeader;
  tables: number;
  rows: number;
  /** The last migration of this release, which the restored database now has. */
  migratedTo: string;
  /** What the database held before (with --force). */
  replaced: { name: string; rows: number }[];
}

export interface CheckedBackup extends BackupContents {
  path: string;
  /** The index, in this release's migrations, of the one the backup was made at. */
  at: number;
  /** As it was checked: the rows are read again, under the same check, while restoring. */
  signing: Signing;
}

/**
 * Reads the whole file and checks it can be restored by this release, before any database is
 * opened: a foreign, truncated or damaged file, or one from a newer release, changes nothing.
 */
export async function checkBackup(path: string, signing: Signing = {}): Promise<CheckedBackup> {
  const contents = await readBackup(path, undefined, signing);
  const at = releaseMigrations().findIndex((migration) => migration.createdAt === contents.header.migration.createdAt);
  if (at < 0) {
    throw new BackupFileError(
      `${path} was made at migration ${contents.header.migration.tag}, which this release does not have: restore it with a release that does`,
    );
  }
  return { ...contents, path, at, signing };
}

/**
 * Restores a checked backup into `db`: in one transaction, the service's schema is recreated at
 * the migration the backup was made at, its rows are loaded (and checked again on the way), and
 * the later migrations of this release run over them. Any failure leaves the database as it was.
 * A database holding rows is refused unless `force`, and then replaced entirely.
 */
export async function restoreBackup(db: DrizzleDb, contents: CheckedBackup, force: boolean): Promise<RestoreSummary> {
  const { path, at } = contents;
  const migrations = releaseMigrations();
  // Counting rows is not enough: another application's empty table, a view or a function holds
  // no rows, and the restore would drop it with the schema.
  const foreign = foreignObjects(await userObjects(db), ownedObjects(migrations));
  if (foreign.length > 0 && !force) {
    const found = foreign.map((object) => `${object.kind} ${object.name}`).join(", ");
    throw new RestoreRefusedError(
      `The database holds what this service did not create: ${found}. Restore into a database of the service's own, or add --force to drop the public and drizzle schemas with all they hold`,
    );
  }
  const replaced = await nonEmptyTables(db);
  if (replaced.length > 0 && !force) {
    const held = replaced.map((table) => `${table.name} (${table.rows} rows)`).join(", ");
    throw new RestoreRefusedError(
      `The database is not empty: ${held}. Restore into an empty database, or add --force to replace all of it`,
    );
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`drop schema if exists drizzle cascade`);
    await tx.execute(sql`drop schema if exists public cascade`);
    await tx.execute(sql`create schema public`);
    await applyMigrations(tx, migrations.slice(0, at + 1));
    const tables = await listTables(tx);
    checkShapes(path, contents.tables, tables, contents.header.migration.tag);
    // The rows are the source's whole state, derived tables (tag counts) included: triggers that
    // would derive or announce them again stay off while loading. Foreign keys stay checked.
    for (const { name } of tables) await tx.execute(sql`alter table ${sql.identifier(name)} disable trigger user`);
    await readBackup(path, { rows: (table, lines) => insertRows(tx, table, lines) }, contents.signing);
    for (const { name } of tables) await tx.execute(sql`alter table ${sql.identifier(name)} enable trigger user`);
    await applyMigrations(tx, migrations.slice(at + 1));
    await renumberNotificationPositions(tx);
    // Every running instance keeps sessions and counts read from the data just replaced. A change
    // whose lists are left out means "any", so each cache forgets all it holds; sent in this
    // transaction, it is heard once the restored rows are committed, not before.
    const everything: Change[] = [{ kind: "user" }, { kind: "posts" }, { kind: "notifications" }];
    for (const change of everything)
      await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
  });
  return {
    header: contents.header,
    tables: contents.tables.length,
    rows: contents.rows,
    migratedTo: migrations.at(-1)?.tag ?? contents.header.migration.tag,
    replaced,
  };
}

export interface OtherSessions {
  count: number;
  /** Where they come from: "application_name@address" each, distinct. */
  from: string[];
}

/** Other sessions connected to this database on a PostgreSQL server (this one left out). */
export async function otherSessions(db: DrizzleDb): Promise<OtherSessions> {
  const rows = await queryRows<{ name: string; address: string | null }>(
    db,
    sql`select coalesce(nullif(application_name, ''), 'unnamed') as name, client_addr::text as address
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const from = [...new Set(rows.map((row) => `${row.name}@${row.address ?? "local socket"}`))].sort();
  return { count: rows.length, from };
}

/**
 * Ends the other sessions on this database after a forced restore. Their connections hold
 * statements prepared against the tables and types just dropped and created again: PostgreSQL
 * refuses to run one whose result type changed (SQLSTATE 0A000), so they are cut now, while the
 * operator restores, rather than failing one request each later. A running service reconnects.
 */
export async function endOtherSessions(db: DrizzleDb): Promise<number> {
  const [ended] = await queryRows<{ count: number }>(
    db,
    sql`select count(*) filter (where pg_terminate_backend(pid))::int as count
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return ended?.count ?? 0;
}

/** The objects that are not the service's: its tables, types and functions in public, and drizzle's journal. */
function foreignObjects(objects: CatalogObject[], owned: OwnedObjects): CatalogObject[] {
  return objects.filter(({ kind, name }) => {
    const [schema, object] = name.split(".");
    if (kind === "table" && name === "drizzle.__drizzle_migrations") return false;
    if (schema !== "public" || object === undefined) return true;
    if (kind === "table") return !owned.tables.has(object);
    if (kind === "type") return !owned.types.has(object);
    if (kind === "function") return !owned.functions.has(object);
    return true;
  });
}

/**
 * A notification's position (`tx_id`, `seq`) is the writing transaction's id in the database that
 * wrote it, which means nothing here: kept as it was, a restored row could sort after every later
 * write, or wait for a transaction id this database has not reached, and live streams would skip
 * or hold back. Restored rows take this transaction's id, keep their order in `seq`, and the
 * sequence goes on after them.
 */
async function renumberNotificationPositions(tx: DrizzleDb): Promise<void> {
  await tx.execute(sql`
    update notifications set tx_id = pg_current_xact_id(), seq = ordered.position
    from (select id, row_number() over (order by tx_id, seq) as position from notifications) as ordered
    where notifications.id = ordered.id`);
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('notifications', 'seq'), coalesce(max(seq), 0) + 1, false) from notifications`,
  );
}

/** Every table and column of the file exists at the backup's migration (else the file is not this service's). */
function checkShapes(
  path: string,
  inFile: TableHeader[],
  inDatabase: { name: string; columns: string[] }[],
  tag: string,
) {
  const shapes = new Map(inDatabase.map((table) => [table.name, new Set(table.columns)]));
  for (const table of inFile) {
    const columns = shapes.get(table.table);
    const unknown = columns ? table.columns.find((column) => !columns.has(column)) : undefined;
    if (!columns || unknown !== undefined) {
      const what = columns ? `the column ${table.table}.${unknown}` : `the table ${table.table}`;
      throw new BackupFileError(`${path} has ${what}, which migration ${tag} does not create`);
    }
  }
}

async function insertRows(tx: DrizzleDb, table: TableHeader, lines: string[]): Promise<void> {
  const name = sql.identifier(table.table);
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, ${`[${lines.join(",")}]`}::json)`,
  );
}
