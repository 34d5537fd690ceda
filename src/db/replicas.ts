import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { withReplicas } from "drizzle-orm/pg-core";
import pg from "pg";
import { dropConnectionsHeldLongerThan } from "./connection-deadline.js";
import { isDatabaseUnavailable, sqlStateOf } from "./errors.js";
import { ReplicaHealth, type ReplicaStatus, replicaName } from "./replica-health.js";
import type { DrizzleDb } from "./schema.js";
import { schema } from "./schema.js";

/**
 * Read replicas (DATABASE_REPLICA_URLS) behind drizzle's `withReplicas`: selects go to a replica,
 * everything else (insert, update, delete, execute, transaction) to the primary. Three rules keep
 * a replica's lag out of sight of the one who caused it:
 * - a request with an unsafe method runs every query on the primary, so a read after its write
 *   sees it;
 * - any request that reached the primary once (a GET may write, e.g. a session refresh) stays on
 *   it;
 * - a session that wrote has its reads on the primary for a short window afterwards
 *   (DATABASE_REPLICA_STICKY_MS), so its author sees a post at once on the next request; everyone
 *   else sees it once the replica has replayed it.
 * A replica is used only while it passes its checks (replica-health.ts): at start-up and every few
 * seconds, and only while its replay is within DATABASE_REPLICA_MAX_LAG_MS of the primary: a replica that
 * stopped replaying would otherwise go on showing posts made private, hidden or deleted. A read it does not answer within its own short deadline (DATABASE_REPLICA_TIMEOUT_MS) is
 * answered by the primary, and the replica is left alone until a check passes again.
 */

// How often each replica is checked against the primary (in recovery, same server, same schema,
// lag), at most: a small lag bound needs more frequent checks to be noticed soon after it passes.
const REPLICA_CHECK_INTERVAL_MS = 5_000;
const MIN_CHECK_INTERVAL_MS = 100;
// How long start-up waits for a replica that is only behind (the migrations just applied) or slow.
const START_CHECK_WINDOW_MS = 3_000;

interface RequestRouting {
  /** Reads of this request go to the primary. */
  primary: boolean;
  /** This request wrote (insert, update, delete, transaction or raw SQL): its session's next reads go to the primary for a while. */
  wrote: boolean;
}

const routing = new AsyncLocalStorage<RequestRouting>();

function stayOnPrimary(): void {
  const current = routing.getStore();
  if (current) current.primary = current.wrote = true;
}

/**
 * Runs `read` with every query on the primary, whatever its request's routing. For what decides who
 * a request is (its session, the user's roles, whether either still exists): a replica that has not
 * replayed a sign-out, a demotion or a deletion would bring the old answer back, and the session
 * cache would keep it. A write made inside still pins the rest of the request to the primary.
 */
export async function onPrimary<T>(read: () => Promise<T>): Promise<T> {
  const request = routing.getStore();
  const inside: RequestRouting = { primary: true, wrote: false };
  try {
    return await routing.run(inside, read);
  } finally {
    if (request && inside.wrote) request.primary = request.wrote = true;
  }
}

/** Outside a request (start-up, CLI, timers) every read goes to the primary: nothing to gain, lag to lose. */
function readsGoToPrimary(): boolean {
  return routing.getStore()?.primary ?? true;
}

export interface Replicas {
  db: DrizzleDb;
  pools: pg.Pool[];
  /** Each replica and whether reads go there, for `/ready`. */
  statuses(): ReplicaStatus[];
  /** Checks every replica now (at start-up, once the primary is migrated), then every few seconds. */
  startChecks(): Promise<void>;
  stopChecks(): void;
}

export interface ReplicaOptions {
  /** The primary's pool settings (size, keepAlive); a replica's deadlines replace its timeouts. */
  poolConfig: pg.PoolConfig;
  /** How long a read, or a connection, may wait for a replica before the primary answers instead. */
  timeoutMs: number;
  /** How far a replica's replay may be behind the primary's WAL before its reads go to the primary. */
  maxLagMs?: number;
  /** Adds the pool's error listener (an idle connection lost must not crash the process). */
  configure: (pool: pg.Pool) => void;
  /** A replica was taken out of use, or back into it. */
  onChange: (status: ReplicaStatus) => void;
  /** A read was sent to a replica or to the primary (the metrics). */
  onRead?: (target: "replica" | "primary") => void;
}

/** The primary's drizzle instance with reads routed over the replicas at `urls` while they pass their checks. */
export function openReplicas(
  primary: { pool: pg.Pool; db: DrizzleDb },
  urls: readonly string[],
  options: ReplicaOptions,
): Replicas {
  const { maxLagMs = 5_000 } = options;
  const checkIntervalMs = Math.min(REPLICA_CHECK_INTERVAL_MS, Math.max(MIN_CHECK_INTERVAL_MS, maxLagMs / 2));
  const replicas = urls.map((url) => {
    const pool = new pg.Pool({
      ...options.poolConfig,
      connectionString: url,
      connectionTimeoutMillis: options.timeoutMs,
    });
    options.configure(pool);
    dropConnectionsHeldLongerThan(pool, options.timeoutMs);
    // The pool's own query, bound before routeQueries replaces it: a check must reach the replica.
    const onReplica = pool.query.bind(pool);
    const query = (text: string) => onReplica(text);
    const health = new ReplicaHealth(
      replicaName(url),
      { replica: query, primary: (text) => primary.pool.query(text) },
      options.onChange,
      maxLagMs,
    );
    routeQueries(pool, primary.pool, health, options.onRead);
    return { pool, health };
  });
  let timer: NodeJS.Timeout | undefined;
  const checkAll = async () => void (await Promise.all(replicas.map(({ health }) => health.check())));
  return {
    db: routeReads(
      primary.db,
      replicas.map(({ pool }) => drizzle(pool, { schema })),
    ),
    pools: replicas.map(({ pool }) => pool),
    statuses: () => replicas.map(({ health }) => health.status),
    startChecks: async () => {
      await Promise.all(replicas.map(({ health }) => health.settle(START_CHECK_WINDOW_MS)));
      timer ??= setInterval(() => void checkAll(), checkIntervalMs).unref();
    },
    stopChecks: () => clearInterval(timer),
  };
}

/**
 * drizzle's `withReplicas` over the primary and one drizzle instance per replica (each over a
 * replicaPool), pinning the rest of a request to the primary once it wrote.
 */
export function routeReads(primary: DrizzleDb, replicas: DrizzleDb[]): DrizzleDb {
  const routed = withReplicas(primary, replicas as [DrizzleDb, ...DrizzleDb[]]);
  const pinning = <F extends (...args: never[]) => unknown>(method: F): F =>
    ((...args: Parameters<F>) => {
      stayOnPrimary();
      return method(...args);
    }) as F;
  return Object.assign(routed, {
    insert: pinning(routed.insert.bind(routed)),
    update: pinning(routed.update.bind(routed)),
    delete: pinning(routed.delete.bind(routed)),
    execute: pinning(routed.execute.bind(routed)),
    transaction: pinning(routed.transaction.bind(routed)),
  });
}

/**
 * Decides, per query, whether a replica pool's reads go to the replica or the primary. The choice is
 * made here and not when drizzle picks a replica: statements prepared once at start-up (the post
 * lists) are bound to a replica's instance for good, yet each execution must follow its request's
 * routing and the replica's health. A read the replica cannot answer (refused, dropped, past its
 * deadline) is answered by the primary and takes the replica out of use; one cancelled by a
 * conflict with the replica's recovery is retried on the primary alone. drizzle reads through
 * `query(config, values)`, the promise form.
 */
function routeQueries(
  pool: pg.Pool,
  primaryPool: pg.Pool,
  health: ReplicaHealth,
  onRead: (target: "replica" | "primary") => void = () => undefined,
): void {
  type Query = (...args: unknown[]) => Promise<pg.QueryResult>;
  const replicaQuery = pool.query.bind(pool) as Query;
  const primaryQuery = primaryPool.query.bind(primaryPool) as Query;
  const onReplica: Query = (...args) => {
    onRead("replica");
    return replicaQuery(...args);
  };
  const onPrimary: Query = (...args) => {
    onRead("primary");
    return primaryQuery(...args);
  };
  const query: Query = (...args) => {
    if (typeof args.at(-1) === "function") return onReplica(...args);
    // Work outside a request (timers, scrapes, the CLI) has no read a replica could take: not counted.
    if (!routing.getStore()) return primaryQuery(...args);
    if (readsGoToPrimary() || !health.inUse) return onPrimary(...args);
    return onReplica(...args).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) health.failed("did not answer a read in time");
      else if (sqlStateOf(error) !== "40001") throw error;
      return onPrimary(...args);
    });
  };
  pool.query = query as pg.Pool["query"];
}

/**
 * Runs `next` (a request's handling) with reads on a replica until it writes, or on the primary from
 * the start when `primary`. The returned routing tells, once the request is over, whether it wrote.
 */
export function runRequest(primary: boolean, next: () => void): { readonly wrote: boolean } {
  const context: RequestRouting = { primary, wrote: false };
  routing.run(context, next);
  return context;
}
