import type { ChannelListener, ListenHandlers } from "./listen.js";
import type { PoolObserver, PoolState } from "./pool-observer.js";
import type { ReplicaStatus } from "./replica-health.js";
import type { DrizzleDb } from "./schema.js";

/** An open database, PostgreSQL or embedded PGlite: what the app, the CLI and the change feed use of it. */
export interface Database {
  readonly db: DrizzleDb;
  readonly kind: "postgres" | "pglite";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Applies pending migrations from drizzle/ (and, embedded, vacuums and analyzes). */
  migrate(): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (the change feed listens so); closed with the database. */
  listen(channel: string, handlers: ListenHandlers): Promise<ChannelListener>;
  /** Each read replica and whether reads go there (none without replicas). */
  replicaStatuses(): ReplicaStatus[];
  /** The connection pools' sizes now (none for the embedded database, which has no pool). */
  pools(): PoolState[];
  /**
   * Bytes free to the service on the filesystem of the embedded database's data directory;
   * undefined where the service cannot tell (in memory, or a PostgreSQL server's own disk).
   */
  freeDiskBytes(): Promise<number | undefined>;
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
  /** How far a replica's replay may be behind the primary before its reads go to the primary. */
  replicaMaxLagMs?: number;
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
  /** Told how long each connection took to obtain, and why one was not obtained or was dropped (the metrics). */
  poolObserver?: PoolObserver;
}
