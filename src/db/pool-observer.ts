// What the database pools report to whoever observes them (the metrics, when configured).

/** A database pool as the metrics read it at each scrape. */
export interface PoolState {
  /** `primary`, or `replica1`, `replica2`... in the order of DATABASE_REPLICA_URLS. */
  readonly pool: string;
  readonly total: number;
  readonly idle: number;
  /** Requests waiting for a connection. */
  readonly waiting: number;
}

/** Why a request got no database connection, or lost it: a bounded set of label values. */
export type DatabaseErrorKind = "acquire_timeout" | "connect_failed" | "query_timeout";

/** Where a read that a replica could answer was sent: a replica, or the primary. */
export type ReadTarget = "replica" | "primary";

/** What the database pools report as it happens; the rest (their sizes) is read at scrape time. */
export interface PoolObserver {
  acquired(pool: string, seconds: number): void;
  failed(pool: string, kind: DatabaseErrorKind): void;
  /** With read replicas only: a read was sent to `target`. */
  read(target: ReadTarget): void;
}
