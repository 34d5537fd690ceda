import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BackupFileError } from "../backup/format.js";
import { checkBackup, endOtherSessions, otherSessions, RestoreRefusedError, restoreBackup } from "../backup/restore.js";
import { BackupError, writeBackup } from "../backup/write.js";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { DataDirectoryInUseError } from "../db/data-dir-lock.js";
import { databaseUrlForCommand, MAX_EXCLUSIVE_MS } from "../db/pglite-socket.js";
import { loadEnvFile } from "../env-file.js";

const USAGE = `Usage:
  npm run db:backup -- [--out FILE]
  npm run db:restore -- FILE [--force]
Both act on DATABASE_URL. A restore refuses a database that holds rows, or anything the service did not
create, unless --force, which replaces all of it.`;

class UsageError extends Error {}

/** `npm run db:backup` and `npm run db:restore`: a logical backup of the service's database, in one file. */
async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: "string" }, force: { type: "boolean" } },
  });
  const [command, ...files] = positionals;
  if (command === "backup" && files.length === 0 && !values.force) return backup(values.out);
  if (command === "restore" && files.length === 1 && values.out === undefined) return restore(files[0]!, values.force);
  throw new UsageError(USAGE);
}

async function backup(out: string | undefined): Promise<string> {
  const file = resolve(out ?? `posts-api-${new Date().toISOString().replaceAll(":", "-")}.backup.jsonl`);
  loadEnvFile();
  const config = loadConfig();
  const source = kindOf(config.databaseUrl);
  refuseMissingEmbeddedDirectory(config.databaseUrl);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another --out`);
  // With the embedded database, through the service when it runs: it holds the only connection.
  const url = await databaseUrlForCommand(config.databaseUrl);
  const started = performance.now();
  const database = await openDatabase({ url, poolMax: 1, connectionTimeoutMillis: config.databaseConnectTimeoutMs });
  const through = url === config.databaseUrl ? "" : " through the running service";
  const summary = await writeBackup(database.db, file, source, config.backupSigningKey)
    .catch((error: unknown) => {
      // The service cut the backup off: its requests wait while a command holds its database.
      if (!through || performance.now() - started < MAX_EXCLUSIVE_MS) throw error;
      throw new BackupError(
        `The running service ended the backup after ${MAX_EXCLUSIVE_MS / 1000} s, the longest it keeps its requests waiting for a command: stop the service, then back up again`,
      );
    })
    .finally(() => database.close());
  return (
    `Backed up ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes to ${file} ` +
    `in ${seconds(started)} s (${source}${through}, at migration ${summary.header.migration.tag}` +
    `${config.backupSigningKey === undefined ? "" : "; signed with BACKUP_SIGNING_KEY"})`
  );
}

async function restore(file: string, force = false): Promise<string> {
  loadEnvFile();
  const config = loadConfig();
  if ((await databaseUrlForCommand(config.databaseUrl)) !== config.databaseUrl) {
    throw new RestoreRefusedError("The embedded database is in use by the running service: stop it, then restore");
  }
  const started = performance.now();
  const checked = await checkBackup(resolve(file), { key: config.backupSigningKey, allowUnsigned: force });
  const database = await openDatabase({
    url: config.databaseUrl,
    poolMax: 1,
    connectionTimeoutMillis: config.databaseConnectTimeoutMs,
  });
  try {
    // A running service would keep answering from what it cached, and its connections from
    // statements prepared against the tables the restore replaces.
    const server = kindOf(config.databaseUrl) === "postgres";
    const others = server ? await otherSessions(database.db) : { count: 0, from: [] };
    if (others.count > 0 && !force) {
      throw new RestoreRefusedError(
        `${others.count} other sessions are connected to the database (from ${others.from.join(", ")}): stop the service (and whatever else uses the database), or add --force to restore under them`,
      );
    }
    const summary = await restoreBackup(database.db, checked, force);
    const ended = others.count > 0 ? await endOtherSessions(database.db) : 0;
    // Nothing is left to apply; the embedded database also gets its statistics for the planner.
    await database.migrate();
    const replaced = summary.replaced.map((table) => `${table.name} (${table.rows} rows)`).join(", ");
    return [
      ...(replaced ? [`Replaced ${replaced}`] : []),
      ...(ended > 0 ? [`Ended ${ended} other sessions on the database; a running service reconnects`] : []),
      `Restored ${summary.tables} tables, ${summary.rows} rows from ${file} into the ${kindOf(config.databaseUrl)} ` +
        `database in ${seconds(started)} s (made ${summary.header.createdAt} on ${summary.header.source} ` +
        `at migration ${summary.header.migration.tag}; now at ${summary.migratedTo})`,
    ].join("\n");
  } finally {
    await database.close();
  }
}

/** A backup of an embedded directory that does not exist would create an empty database first. */
function refuseMissingEmbeddedDirectory(url: string): void {
  const directory = url.startsWith("pglite:") ? url.slice("pglite:".length) : undefined;
  if (directory === "memory") throw new BackupError("An in-memory database (pglite:memory) has nothing to back up");
  if (directory !== undefined && !existsSync(join(directory, "PG_VERSION"))) {
    throw new BackupError(`No embedded database in ${directory}`);
  }
}

function kindOf(url: string): "pglite" | "postgres" {
  return url.startsWith("pglite:") ? "pglite" : "postgres";
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    const known = [UsageError, ConfigError, BackupError, BackupFileError, RestoreRefusedError, DataDirectoryInUseError];
    if (known.some((kind) => error instanceof kind)) console.error((error as Error).message);
    else console.error(`Failed: ${describe(error)}`);
    process.exitCode = 1;
  },
);

/**
 * A database error's own message and SQLSTATE, never drizzle's wrapper message: that one carries
 * the query's parameters, which for a restore are rows with password hashes.
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: string }) : undefined;
  if (cause) return `${cause.message}${cause.code ? ` (SQLSTATE ${cause.code})` : ""}`;
  return error.message.startsWith("Failed query") ? error.name : error.message;
}
