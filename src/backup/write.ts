import { createHash, createHmac } from "node:crypto";
import { link, open, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/schema.js";
import { lastAppliedMigration, listTables, queryRows } from "./catalog.js";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  type BackupHeader,
  type BackupTrailer,
  type TableHeader,
} from "./format.js";
import { releaseMigrations } from "./migrations.js";
import { partialPathOf, removeOnSignal, removeStalePartials } from "./partial-file.js";
import { readBackup } from "./read.js";

// Rows read from the database per round trip: memory stays bounded by this many rows, whatever the table's size.
const ROWS_PER_FETCH = 1000;

export interface BackupSummary {
  tables: number;
  rows: number;
  bytes: number;
  header: BackupHeader;
}

/** Something on the database side that makes a backup impossible; one line for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * Writes a backup of `db` to `out`: every table in one repeatable-read snapshot, streamed to a
 * temporary file (mode 0600: it holds password hashes and sessions) that takes the final name only
 * once complete, on disk and read back whole. An existing file is never overwritten.
 */
export async function writeBackup(
  db: DrizzleDb,
  out: string,
  source: string,
  signingKey?: string,
): Promise<BackupSummary> {
  removeStalePartials(dirname(out));
  const temporary = partialPathOf(out);
  // Before the file exists: a signal between its creation and the next line would leave it.
  const keepOnSignal = removeOnSignal(temporary);
  const file = await open(temporary, "wx", 0o600).catch((error: NodeJS.ErrnoException) => {
    keepOnSignal();
    throw cannotWrite(out, error);
  });
  try {
    const digest = createHash("sha256");
    const signature = signingKey === undefined ? undefined : createHmac("sha256", signingKey);
    let bytes = 0;
    const write = async (lines: string[]) => {
      const chunk = Buffer.from(`${lines.join("\n")}\n`);
      digest.update(chunk);
      signature?.update(chunk);
      bytes += chunk.length;
      await file.write(chunk);
    };
    const summary = await db.transaction(
      async (tx) => {
        // Timestamps as UTC text: the same rows give the same bytes whichever server wrote them.
        await tx.execute(sql`set local timezone to 'UTC'`);
        const header = await describeSource(tx, source);
        await write([JSON.stringify(header)]);
        const tables = await listTables(tx);
        let rows = 0;
        for (const table of tables) rows += await writeTable(tx, table, write);
        return { tables: tables.length, rows, header };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const trailer: BackupTrailer = {
      end: BACKUP_FORMAT,
      tables: summary.tables,
      rows: summary.rows,
      sha256: digest.digest("hex"),
      ...(signature ? { hmac: signature.digest("hex") } : {}),
    };
    const last = Buffer.from(`${JSON.stringify(trailer)}\n`);
    await file.write(last);
    await file.sync();
    await file.close();
    // Read back through the restore's own reader: a backup that reports success restores.
    await readBackup(temporary, undefined, { key: signingKey }).catch((error: unknown) => {
      if (!(error instanceof BackupFileError)) throw error;
      throw new BackupError(`The backup was written but does not read back (nothing was kept): ${error.message}`);
    });
    await link(temporary, out).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EEXIST" ? new BackupError(`${out} already exists: choose another --out`) : error;
    });
    return { ...summary, bytes: bytes + last.length };
  } finally {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    keepOnSignal();
  }
}

/** Why the backup's folder cannot take it, in the operator's terms (the temporary file is ours, not theirs). */
function cannotWrite(out: string, error: NodeJS.ErrnoException): Error {
  const folder = dirname(out);
  if (error.code === "ENOENT") return new BackupError(`Cannot write ${out}: the folder ${folder} does not exist`);
  if (error.code === "EACCES" || error.code === "EROFS")
    return new BackupError(`Cannot write ${out}: no permission to write in ${folder}`);
  if (error.code === "ENOTDIR") return new BackupError(`Cannot write ${out}: ${folder} is not a folder`);
  return error;
}

async function describeSource(tx: DrizzleDb, source: string): Promise<BackupHeader> {
  const applied = await lastAppliedMigration(tx);
  if (!applied) throw new BackupError("The database has no migrations applied: it is not a database of this service");
  const known = releaseMigrations().find((migration) => migration.createdAt === applied.createdAt);
  const [server] = await queryRows<{ version: string }>(tx, sql`select version()`);
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    server: server?.version ?? "unknown",
    migration: { tag: known?.tag ?? String(applied.createdAt), createdAt: applied.createdAt, hash: applied.hash },
  };
}

/** One table's header line, then its rows through a cursor, a batch at a time. Returns the row count. */
async function writeTable(
  tx: DrizzleDb,
  table: { name: string; columns: string[] },
  write: (lines: string[]) => Promise<void>,
): Promise<number> {
  const name = sql.identifier(table.name);
  const [counted] = await queryRows<{ rows: number }>(tx, sql`select count(*)::int as rows from ${name}`);
  const header: TableHeader = { table: table.name, columns: table.columns, rows: counted?.rows ?? 0 };
  await write([JSON.stringify(header)]);
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${name}) r`,
  );
  let written = 0;
  for (;;) {
    const batch = await queryRows<{ line: string }>(tx, sql.raw(`fetch forward ${ROWS_PER_FETCH} from backup_rows`));
    if (batch.length === 0) break;
    await write(batch.map((row) => row.line));
    written += batch.length;
  }
  await tx.execute(sql`close backup_rows`);
  if (written !== header.rows) throw new BackupError(`${table.name} changed size during the backup`);
  return written;
}
