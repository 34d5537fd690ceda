import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { PoolObserver, PoolState } from "../metrics/sources.js";
import { lockDataDirectory } from "./data-dir-lock.js";
import { type ChannelListener, type ListenHandlers, ListenerSet, listenOnPglite, listenOnPostgres } from "./listen.js";
import { migratePglite, migratePostgres } from "./migrate.js";
import { initialisePgliteDirectory } from "./pglite-init.js";
import { serveEmbeddedDatabase } from "./pglite-socket.js";
import { openReplicas } from "./replicas.js";
import { type Db, schema } from "./schema.js";

export type { Db };

export interface Database {
  readonly db: Db;
  readonly kind: "postgres" | "pglite";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Applies pending migrations from drizzle/ (and, embedded, vacuums and analyzes). */
  migrate(): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (see change-feed.ts); closed with the database. */
  listen(channel: string, handlers: ListenHandlers): Promise<ChannelListener>;
  /** The connection pools' sizes now (none for the embedded database, which has no pool). */
  pools(): PoolState[];
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** How long a request waits for a pooled connection before failing (and becoming a 503). */
  connectionTimeoutMillis?: number;
  /**
   * How long a request may hold a pooled connection, i.e. wait for its query's answer (or its
   * transaction's), before the connection is dropped and the query fails (a 503); migrations have none.
   */
  queryTimeoutMillis?: number;
  onPoolError?: (error: Error) => void;
  /** PostgreSQL read replicas of `url` (replicas.ts says which reads go there). */
  replicaUrls?: readonly string[];
  /** A replica failed to answer a read; the primary answered it instead. */
  onReplicaUnavailable?: (error: unknown) => void;
  /** An embedded database's periodic vacuum failed. */
  onMaintenanceError?: (error: Error) => void;
  /** Told how long each connection took to obtain, and why one was not obtained or was dropped (the metrics). */
  poolObserver?: PoolObserver;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url.startsWith("pglite:") ? openPglite(options) : openPostgres(options);
}

function openPostgres(options: DatabaseOptions): Database {
  const {
    url,
    poolMax = 10,
    connectionTimeoutMillis = 3000,
    queryTimeoutMillis,
    onPoolError,
    replicaUrls = [],
    poolObserver,
  } = options;
  // Named once every pool exists: the replicas' are made inside openReplicas.
  const poolNames = new WeakMap<pg.Pool, string>();
  const nameOf = (pool: pg.Pool) => poolNames.get(pool) ?? "primary";
  // keepAlive: a peer that vanished without closing is noticed by TCP, not only by a query's timeout.
  const poolConfig = { max: poolMax, connectionTimeoutMillis, keepAlive: true };
  const configure = (pool: pg.Pool) => {
    if (queryTimeoutMillis !== undefined)
      dropConnectionsHeldLongerThan(pool, queryTimeoutMillis, () =>
        poolObserver?.failed(nameOf(pool), "query_timeout"),
      );
    if (poolObserver) observeAcquires(pool, () => nameOf(pool), poolObserver);
    // An idle client that loses its server emits here; without a listener the process would crash.
    pool.on("error", (error) => onPoolError?.(error));
  };
  const pool = new pg.Pool({ ...poolConfig, connectionString: url });
  configure(pool);
  const primary = drizzlePg(pool, { schema });
  const replicas =
    replicaUrls.length > 0
      ? openReplicas({ pool, db: primary }, replicaUrls, {
          poolConfig,
          configure,
          onUnavailable: (e) => options.onReplicaUnavailable?.(e),
        })
      : { db: primary, pools: [] };
  replicas.pools.forEach((replica, i) => poolNames.set(replica, `replica${i + 1}`));
  const db = replicas.db;
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
    },
    listen: (channel, handlers) => listeners.add(listenOnPostgres(url, connectionTimeoutMillis, channel, handlers)),
    pools: () =>
      [pool, ...replicas.pools].map((p) => ({
        pool: nameOf(p),
        total: p.totalCount,
        idle: p.idleCount,
        waiting: p.waitingCount,
      })),
    close: async () => {
      await listeners.closeAll();
      await Promise.all([pool, ...replicas.pools].map((p) => p.end()));
    },
  };
}

/**
 * The query timeout, kept by the pool rather than by pg's `query_timeout`: a connection checked
 * out for longer than `ms` is destroyed, so its query fails at once ("Connection terminated"),
 * the pool discards it, and a partitioned server, which never answers, costs a request `ms` and
 * not forever. pg's own option wraps every query's callback in a closure over the query; with it,
 * each young-generation collection of the service under load promoted megabytes and took 15-20 ms
 * instead of about 1 (`node --trace-gc`), which showed as the p99 of the authenticated list.
 */
function dropConnectionsHeldLongerThan(pool: pg.Pool, ms: number, onDropped: () => void): void {
  const deadlines = new WeakMap<pg.PoolClient, NodeJS.Timeout>();
  pool.on("acquire", (client) => {
    const { connection } = client as pg.PoolClient & Pick<pg.Client, "connection">;
    deadlines.set(
      client,
      setTimeout(() => {
        onDropped();
        connection.stream.destroy();
      }, ms),
    );
  });
  pool.on("release", (_error, client) => clearTimeout(deadlines.get(client)));
}

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

// How often an embedded database is vacuumed and analyzed while the service runs.
const PGLITE_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * PGlite places PostgreSQL's shared memory in its WebAssembly heap, touches all of it at start, and
 * a WebAssembly heap never shrinks: the server default of 128 MB of shared buffers kept about 120 MB
 * more resident than this, for a cache that the operating system's page cache already provides for
 * the data files (an in-memory database copies pages from memory anyway).
 */
const PGLITE_SHARED_BUFFERS = "shared_buffers=16MB";

async function openPglite({ url, onMaintenanceError }: DatabaseOptions): Promise<Database> {
  const location = url.slice("pglite:".length);
  const inMemory = location === "memory";
  if (!inMemory) mkdirSync(location, { recursive: true });
  // Loaded here only, so that a service on PostgreSQL does not hold PGlite's code in memory.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  // One process holds a directory and serves it to the others (see data-dir-lock.ts).
  const lock = inMemory ? undefined : lockDataDirectory(location);
  const startParams = [...PGlite.defaultStartParams, "-c", PGLITE_SHARED_BUFFERS];
  const open = async () => {
    if (!inMemory) await initialisePgliteDirectory(location, startParams);
    return PGlite.create(inMemory ? undefined : location, { startParams });
  };
  const client = await open().catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const socket = inMemory ? undefined : await serveEmbeddedDatabase(client, location);
  if (socket) lock?.announce(socket.directory);
  const db = drizzlePglite(client, { schema });
  // PGlite runs no autovacuum worker: without this the planner would never have statistics, dead
  // rows would never be reclaimed and no index-only scan could skip the table. Once after the
  // migrations, then hourly; requests' queries wait while it runs (PGlite runs one at a time).
  const maintain = () => client.exec("vacuum analyze");
  const maintenance = setInterval(
    () => void maintain().catch((error: Error) => onMaintenanceError?.(error)),
    PGLITE_MAINTENANCE_INTERVAL_MS,
  ).unref();
  const listeners = new ListenerSet();
  return {
    db,
    kind: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    migrate: async () => {
      await migratePglite(client);
      await maintain();
    },
    listen: (channel, handlers) => listeners.add(listenOnPglite(client, channel, handlers)),
    pools: () => [],
    close: async () => {
      clearInterval(maintenance);
      await listeners.closeAll();
      await socket?.close();
      await client.close();
      lock?.release();
    },
  };
}
