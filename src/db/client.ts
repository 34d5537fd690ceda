import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type ChannelListener, type ListenHandlers, ListenerSet, listenOnPostgres } from "./listen.js";
import { migratePostgres } from "./migrate.js";
import { openPglite } from "./pglite-database.js";
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
  /** An existing embedded data directory held `entries` files and folders other users could open; they no longer do. */
  onDataDirectoryMadePrivate?: (entries: number) => void;
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
  } = options;
  // keepAlive: a peer that vanished without closing is noticed by TCP, not only by a query's timeout.
  const poolConfig = { max: poolMax, connectionTimeoutMillis, keepAlive: true };
  const configure = (pool: pg.Pool) => {
    if (queryTimeoutMillis !== undefined) dropConnectionsHeldLongerThan(pool, queryTimeoutMillis);
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
function dropConnectionsHeldLongerThan(pool: pg.Pool, ms: number): void {
  const deadlines = new WeakMap<pg.PoolClient, NodeJS.Timeout>();
  pool.on("acquire", (client) => {
    const { connection } = client as pg.PoolClient & Pick<pg.Client, "connection">;
    deadlines.set(
      client,
      setTimeout(() => connection.stream.destroy(), ms),
    );
  });
  pool.on("release", (_error, client) => clearTimeout(deadlines.get(client)));
}
