import type pg from "pg";
import { isDatabaseUnavailable, sqlStateOf } from "./errors.js";

/** One replica as `/ready` shows it: where (no credentials), whether reads go there, and if not, why. */
export interface ReplicaStatus {
  replica: string;
  inUse: boolean;
  problem?: string;
}

type Query = (text: string) => Promise<pg.QueryResult>;

/** What a replica must share with the primary for its reads to be the primary's, a little late. */
interface Identity {
  inRecovery: boolean;
  systemId: string;
  database: string;
  /** The newest migration applied; null where drizzle's migrations table does not exist. */
  schemaVersion: string | null;
}

const IDENTITY = `select pg_is_in_recovery() as "inRecovery",
  (select system_identifier::text from pg_control_system()) as "systemId",
  current_database() as database,
  to_regclass('drizzle.__drizzle_migrations') is not null as "migrated"`;
const SCHEMA_VERSION = `select max(created_at)::text as version from drizzle.__drizzle_migrations`;

async function identityOf(query: Query): Promise<Identity> {
  const row = (await query(IDENTITY)).rows[0] as Omit<Identity, "schemaVersion"> & { migrated: boolean };
  const version = row.migrated ? ((await query(SCHEMA_VERSION)).rows[0] as { version: string | null }).version : null;
  return { inRecovery: row.inRecovery, systemId: row.systemId, database: row.database, schemaVersion: version };
}

// What a replica that is only behind can say: it passes once it has replayed the migrations.
const SCHEMA_BEHIND = "its schema version differs from the primary's";
const NO_MIGRATIONS = "has no migrations table: not this service's database";
const NO_ANSWER = "does not answer in time";
const PRIMARY_SILENT = "not checked: the primary did not answer the check";
const NOT_CHECKED = "not checked yet";
const MAY_PASS_SOON = new Set([SCHEMA_BEHIND, NO_MIGRATIONS, NO_ANSWER, PRIMARY_SILENT]);

/** Why reads must not go to this replica, or undefined when they may. */
function mismatch(replica: Identity, primary: Identity): string | undefined {
  if (!replica.inRecovery) return "not in recovery (promoted, or not a replica): it no longer follows the primary";
  if (replica.systemId !== primary.systemId) return "replicates another server (its system identifier differs)";
  if (replica.database !== primary.database)
    return `serves database "${replica.database}", the primary "${primary.database}"`;
  if (replica.schemaVersion === null) return NO_MIGRATIONS;
  if (replica.schemaVersion !== primary.schemaVersion) return SCHEMA_BEHIND;
  return undefined;
}

/**
 * Whether one replica may serve reads, and why not. It starts unused until its first check passes;
 * a check runs at start-up and periodically, a failed read takes it out of use at once, and only a
 * passing check puts it back. `onChange` hears each change of use, so an outage is told once.
 */
export class ReplicaHealth {
  #status: ReplicaStatus;
  #checking: Promise<void> | undefined;

  constructor(
    replica: string,
    private readonly queries: { replica: Query; primary: Query },
    private readonly onChange: (status: ReplicaStatus) => void,
  ) {
    this.#status = { replica, inUse: false, problem: NOT_CHECKED };
  }

  get inUse(): boolean {
    return this.#status.inUse;
  }

  get status(): ReplicaStatus {
    return { ...this.#status };
  }

  /** A read failed for want of an answer: reads go to the primary until a check passes. */
  failed(problem: string): void {
    if (this.#status.inUse) this.#set(problem);
  }

  /** Checks the replica against the primary; concurrent calls share one check. */
  check(): Promise<void> {
    this.#checking ??= this.#check().finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  /**
   * The start-up check: a replica that fails only for a moment (it has not replayed the migrations
   * just applied, or it or the primary answers slowly while everything starts) is checked again
   * until it passes or `windowMs` runs out, and only the outcome is told.
   */
  async settle(windowMs: number, intervalMs = 200): Promise<void> {
    const until = Date.now() + windowMs;
    for (;;) {
      const problem = await this.#judge();
      const passing = problem === undefined;
      if (passing || !MAY_PASS_SOON.has(problem) || Date.now() + intervalMs > until) return this.#set(problem);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  async #check(): Promise<void> {
    const problem = await this.#judge();
    // A primary that does not answer leaves a replica in use as it was: nothing to compare it with.
    if (problem === PRIMARY_SILENT && this.#status.problem !== NOT_CHECKED) return;
    this.#set(problem);
  }

  /** Why reads must not go to the replica now, or undefined when they may. */
  async #judge(): Promise<string | undefined> {
    let primary: Identity;
    try {
      primary = await identityOf(this.queries.primary);
    } catch {
      return PRIMARY_SILENT;
    }
    try {
      return mismatch(await identityOf(this.queries.replica), primary);
    } catch (error) {
      return isDatabaseUnavailable(error)
        ? NO_ANSWER
        : `cannot be checked (${sqlStateOf(error) ?? (error as Error).name})`;
    }
  }

  #set(problem: string | undefined): void {
    const wasInUse = this.#status.inUse;
    const wasChecked = this.#status.problem !== NOT_CHECKED;
    this.#status =
      problem === undefined
        ? { replica: this.#status.replica, inUse: true }
        : { ...this.#status, inUse: false, problem };
    // Told once per outage: on leaving use (or failing the first check), and on returning to it.
    if (problem === undefined ? !wasInUse && wasChecked : wasInUse || !wasChecked) this.onChange(this.status);
  }
}

/** Where a replica is, for logs and `/ready`: host, port and database, never the credentials. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}
