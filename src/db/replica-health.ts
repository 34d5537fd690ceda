import type pg from "pg";
import { isDatabaseUnavailable, sqlStateOf } from "./errors.js";

/**
 * One replica as `/ready` shows it: where (no credentials), whether reads go there, and if not, why;
 * and how far its replay is behind the primary, when its last check could measure it.
 */
export interface ReplicaStatus {
  replica: string;
  inUse: boolean;
  problem?: string;
  lagMs?: number;
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

// Read on the primary after its identity and before anything on the replica: a replica that has
// replayed up to this position has everything the primary had when the check began.
const PRIMARY_POSITION = `select pg_current_wal_lsn()::text as lsn`;
const REPLAYED = `select pg_last_wal_replay_lsn()::text as lsn,
  extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as "sinceCommitMs"`;

/** A WAL position (`16/B374D848`) as one number, to compare two. */
function lsnOf(text: string | null): bigint {
  if (!text) return 0n;
  const [high = "0", low = "0"] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How long the replica has been missing something the primary had: the time since the check first
 * saw the primary at a WAL position the replica has still not replayed. It stays 0 for an idle
 * primary (nothing new to replay) and for a replica that keeps up with a busy one (each check finds
 * the position seen by the one before replayed), whatever the age of the last commit replayed; a
 * stopped replay grows it by the checks' interval, so it may read up to one interval short.
 */
class LagClock {
  /** Positions the primary was seen at that the replica had not replayed, oldest first, with when. */
  #unreplayed: { lsn: bigint; at: number }[] = [];
  #measured = false;

  /** `sinceCommitMs`: the replica's own age of its last replayed commit, null before the first. */
  measure(primary: bigint, replayed: bigint, sinceCommitMs: number | null, now = performance.now()): number {
    this.#unreplayed = this.#unreplayed.filter((seen) => seen.lsn > replayed);
    const first = !this.#measured;
    this.#measured = true;
    if (replayed >= primary) return 0;
    // With no earlier check to go by, the age of its last replayed commit stands in: a start-up
    // check of a replica stopped long ago must not find it current. When that commit was only
    // followed by WAL not yet sent, the start-up's next check finds it replayed and passes.
    if (first) this.#unreplayed.push({ lsn: primary, at: now - Math.max(0, sinceCommitMs ?? 0) });
    else if (this.#unreplayed.at(-1)?.lsn !== primary) this.#unreplayed.push({ lsn: primary, at: now });
    // Only the oldest decides the lag; a replica stopped for days keeps a bounded list.
    if (this.#unreplayed.length > 1_000) this.#unreplayed.splice(1, 1);
    return Math.round(now - this.#unreplayed[0]!.at);
  }
}

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
const lagging = (maxLagMs: number) =>
  `replays more than DATABASE_REPLICA_MAX_LAG_MS (${maxLagMs} ms) behind the primary`;

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
  readonly #lag = new LagClock();
  readonly #lagging: string;
  readonly #maySoonPass: Set<string>;

  /** `maxLagMs`: past this lag the replica is left alone until it is back within half of it. */
  constructor(
    replica: string,
    private readonly queries: { replica: Query; primary: Query },
    private readonly onChange: (status: ReplicaStatus) => void,
    private readonly maxLagMs = 5_000,
  ) {
    this.#status = { replica, inUse: false, problem: NOT_CHECKED };
    this.#lagging = lagging(maxLagMs);
    this.#maySoonPass = new Set([SCHEMA_BEHIND, NO_MIGRATIONS, NO_ANSWER, PRIMARY_SILENT, this.#lagging]);
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
      const { problem, lagMs } = await this.#judge();
      const passing = problem === undefined;
      if (passing || !this.#maySoonPass.has(problem) || Date.now() + intervalMs > until)
        return this.#set(problem, lagMs);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  async #check(): Promise<void> {
    const { problem, lagMs } = await this.#judge();
    // A primary that does not answer leaves a replica in use as it was: nothing to compare it with.
    if (problem === PRIMARY_SILENT && this.#status.problem !== NOT_CHECKED) return;
    this.#set(problem, lagMs);
  }

  /** Why reads must not go to the replica now (undefined when they may), and its lag when measured. */
  async #judge(): Promise<{ problem?: string; lagMs?: number }> {
    let primary: Identity;
    let position: bigint;
    try {
      primary = await identityOf(this.queries.primary);
      position = lsnOf(((await this.queries.primary(PRIMARY_POSITION)).rows[0] as { lsn: string }).lsn);
    } catch {
      return { problem: PRIMARY_SILENT };
    }
    try {
      const problem = mismatch(await identityOf(this.queries.replica), primary);
      if (problem !== undefined) return { problem };
      const replayed = (await this.queries.replica(REPLAYED)).rows[0] as {
        lsn: string | null;
        sinceCommitMs: string | null;
      };
      const sinceCommitMs = replayed.sinceCommitMs === null ? null : Number(replayed.sinceCommitMs);
      const lagMs = this.#lag.measure(position, lsnOf(replayed.lsn), sinceCommitMs);
      // Out past the bound, back once within half of it: a replica hovering near the bound is not
      // taken in and out at every check.
      const bound = this.#status.problem === this.#lagging ? this.maxLagMs / 2 : this.maxLagMs;
      return lagMs > bound ? { problem: this.#lagging, lagMs } : { lagMs };
    } catch (error) {
      return {
        problem: isDatabaseUnavailable(error)
          ? NO_ANSWER
          : `cannot be checked (${sqlStateOf(error) ?? (error as Error).name})`,
      };
    }
  }

  #set(problem: string | undefined, lagMs?: number): void {
    const wasInUse = this.#status.inUse;
    const wasChecked = this.#status.problem !== NOT_CHECKED;
    const replica = this.#status.replica;
    const lag = lagMs === undefined ? {} : { lagMs };
    this.#status =
      problem === undefined ? { replica, inUse: true, ...lag } : { replica, inUse: false, problem, ...lag };
    // Told once per outage: on leaving use (or failing the first check), and on returning to it.
    if (problem === undefined ? !wasInUse && wasChecked : wasInUse || !wasChecked) this.onChange(this.status);
  }
}

/** Where a replica is, for logs and `/ready`: host, port and database, never the credentials. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}
