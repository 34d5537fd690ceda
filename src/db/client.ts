import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { DATABASE_DEFAULTS } from "../config.js";
import { dropConnectionsHeldLongerThan } from "./connection-deadline.js";
import { ListenerSet, listenOnPostgres } from "./listen.js";
import type { Database, DatabaseOptions } from "./database.js";
import type { PoolObserver } from "./pool-observer.js";
import { migratePostgres } from "./migrate.js";
import { openPglite } from "./pglite-database.js";
import { openReplicas } from "./replicas.js";
import { type DrizzleDb, schema } from "./schema.js";
import { useFastTextArrays } from "./text-array.js";

export type { Database, DatabaseOptions, DrizzleDb };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url.startsWith("pglite:") ? openPglite(options) : openPostgres(options);
}

function openPostgres(options: DatabaseOptions): Database {
  const {
    url,
    poolMax = DATABASE_DEFAULTS.poolMax,
    connectionTimeoutMillis = DATABASE_DEFAULTS.connectTimeoutMs,
    queryTimeoutMillis,
    onPoolError,
    replicaUrls = [],
    replicaTimeoutMillis = DATABASE_DEFAULTS.replicaTimeoutMs,
    replicaMaxLagMs,
    poolObserver,
  } = options;
  useFastTextArrays();
  // Named once every pool exists: the replicas' are made inside openReplicas.
  const poolNames = new WeakMap<pg.Pool, string>();
  const nameOf = (pool: pg.Pool) => poolNames.get(pool) ?? "primary";
  // keepAlive: a peer that vanished without closing is noticed by TCP, not only by a query's timeout.
  const poolConfig = { max: poolMax, connectionTimeoutMillis, keepAlive: true };
  const configure = (pool: pg.Pool) => {
    if (poolObserver) observeAcquires(pool, () => nameOf(pool), poolObserver);
    // An idle client that loses its server emits here; without a listener the process would crash.
    pool.on("error", (error) => onPoolError?.(error));
    // pg-pool listens to a client only while it is idle: one a transaction holds between two
    // statements when the server ends its session (a restart, a failover) would crash the process.
    // Its holder learns of the loss from its next statement, which fails and releases it.
    pool.on("connect", (client) => client.on("error", ignoreHeldClientError));
  };
  // The server ends a statement past the query timeout too: the connection dropped below does not
  // stop one waiting for a lock, which would commit later although its request was answered 503.
  const pool = new pg.Pool({ ...poolConfig, connectionString: url, statement_timeout: queryTimeoutMillis });
  configure(pool);
  if (queryTimeoutMillis !== undefined)
    dropConnectionsHeldLongerThan(pool, queryTimeoutMillis, () => poolObserver?.failed("primary", "query_timeout"));
  const primary = drizzlePg(pool, { schema });
  const replicas =
    replicaUrls.length > 0
      ? openReplicas({ pool, db: primary }, replicaUrls, {
          poolConfig,
          timeoutMs: replicaTimeoutMillis,
          maxLagMs: replicaMaxLagMs,
          configure,
          onChange: (status) => options.onReplicaChange?.(status),
          onRead: poolObserver && ((target) => poolObserver.read(target)),
        })
      : undefined;
  const db = replicas?.db ?? primary;
  replicas?.pools.forEach((replica, i) => poolNames.set(replica, `replica${i + 1}`));
  const listeners = new ListenerSet();
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
      // After the migrations: a replica is checked against the schema the service will use.
      await replicas?.startChecks();
    },
    listen: (channel, handlers) => listeners.add(listenOnPostgres(url, connectionTimeoutMillis, channel, handlers)),
    replicaStatuses: () => replicas?.statuses() ?? [],
    freeDiskBytes: () => Promise.resolve(undefined),
    pools: () =>
      [pool, ...(replicas?.pools ?? [])].map((p) => ({
        pool: nameOf(p),
        total: p.totalCount,
        idle: p.idleCount,
        waiting: p.waitingCount,
      })),
    close: async () => {
      replicas?.stopChecks();
      await listeners.closeAll();
      await Promise.all([pool, ...(replicas?.pools ?? [])].map((p) => p.end()));
    },
  };
}

function ignoreHeldClientError(): void {}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void;

/**
 * Times each wait for a pooled connection. pg's own queries ask the pool with a callback and
 * drizzle's transactions with a promise; both go through `connect`, so it is wrapped on this pool.
 */
function observeAcquires(pool: pg.Pool, nameOf: () => string, observer: PoolObserver): void {
  const connect = pool.connect.bind(pool) as unknown as (callback?: ConnectCallback) => Promise<pg.PoolClient> | void;
  const wrapped = (callback?: ConnectCallback) => {
    const started = performance.now();
    const report = (error: Error | undefined) => {
      if (!error) observer.acquired(nameOf(), (performance.now() - started) / 1000);
      // pg-pool's own words for connectionTimeoutMillis passing with every connection busy.
      else
        observer.failed(
          nameOf(),
          /timeout exceeded when trying to connect/i.test(error.message) ? "acquire_timeout" : "connect_failed",
        );
    };
    if (callback)
      return connect((error, client, release) => {
        report(error ?? undefined);
        callback(error, client, release);
      });
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        report(undefined);
        return client;
      },
      (error: Error) => {
        report(error);
        throw error;
      },
    );
  };
  pool.connect = wrapped as unknown as typeof pool.connect;
}
