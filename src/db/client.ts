import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { dropConnectionsHeldLongerThan } from "./connection-deadline.js";
import { type ChannelListener, type ListenHandlers, ListenerSet, listenOnPostgres } from "./listen.js";
import { migratePostgres } from "./migrate.js";
import { openPglite } from "./pglite-database.js";
import type { ReplicaStatus } from "./replica-health.js";
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
  /** Each read replica and whether reads go there (none without replicas). */
  replicaStatuses(): ReplicaStatus[];
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
  /** How long a read waits for a replica before the primary answers it instead. */
  replicaTimeoutMillis?: number;
  /** A replica was taken out of use (its reads go to the primary), or back into it. */
  onReplicaChange?: (status: ReplicaStatus) => void;
  /** An embedded database's periodic vacuum failed. */
  onMaintenanceError?: (error: Error) => void;
  /** An existing embedded data directory held `entries` files and folders other users could open; they no longer do. */
  onDataDirectoryMadePrivate?: (entries: number) => void;
  /**
   * An in-memory PGlite only: the data directory it starts from, as PGlite's `dumpDataDir()`
   * archived it, instead of a new cluster. Creating a cluster (initdb) takes seconds of CPU;
   * loading a migrated one takes a fraction of that, which a test suite opening one database
   * per file adds up.
   */
  initialData?: Blob;
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
    replicaTimeoutMillis = 1000,
  } = options;
  // keepAlive: a peer that vanished without closing is noticed by TCP, not only by a query's timeout.
  const poolConfig = { max: poolMax, connectionTimeoutMillis, keepAlive: true };
  // An idle client that loses its server emits here; without a listener the process would crash.
  const configure = (pool: pg.Pool) => void pool.on("error", (error) => onPoolError?.(error));
  const pool = new pg.Pool({ ...poolConfig, connectionString: url });
  configure(pool);
  if (queryTimeoutMillis !== undefined) dropConnectionsHeldLongerThan(pool, queryTimeoutMillis);
  const primary = drizzlePg(pool, { schema });
  const replicas =
    replicaUrls.length > 0
      ? openReplicas({ pool, db: primary }, replicaUrls, {
          poolConfig,
          timeoutMs: replicaTimeoutMillis,
          configure,
          onChange: (status) => options.onReplicaChange?.(status),
        })
      : undefined;
  const db = replicas?.db ?? primary;
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
    close: async () => {
      replicas?.stopChecks();
      await listeners.closeAll();
      await Promise.all([pool, ...(replicas?.pools ?? [])].map((p) => p.end()));
    },
  };
}
