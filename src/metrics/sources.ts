import type { RequestObserver } from "../http/finished-requests.js";

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

/** Counts a cache keeps as plain numbers, read at scrape time. */
export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
  readonly evictions: number;
  readonly entries: number;
  readonly bytes: number;
}

/**
 * The service's metrics, present only when METRICS_PORT is set: the app's parts keep plain counts
 * and states that a scrape reads, and call these few functions where a moment must be recorded.
 * Without metrics nothing is installed, so requests pay nothing.
 */
export interface ServiceMetrics {
  readonly pools: PoolObserver;
  readonly requests: RequestObserver;
  readonly rateLimitRefused: (limiter: string) => void;
  /** The change feed's listening connection heard its own proof `seconds` after sending it. */
  readonly changeFeedProven: (seconds: number) => void;
  /** Registers what a scrape reads (each may be given once; a later call replaces it). */
  watch(sources: Partial<ScrapedSources>): void;
  /** Serves `/metrics` on its own port; resolves once listening. */
  listen(port: number, host: string): Promise<{ port: number; close(): Promise<void> }>;
}

export interface ScrapedSources {
  requestsInFlight(): number;
  pools(): readonly PoolState[];
  /** Resolves when the database answers, rejects when it does not. */
  pingDatabase(): Promise<void>;
  changeFeed: { trusted(): boolean; lastHeardAt(): number | undefined; reconnects(): number };
  caches: Readonly<Record<string, () => CacheCounts>>;
  streams: { open(): number; eventsSent(): number };
  /** Undefined without Redis (each instance counts alone). */
  redisReachable(): boolean | undefined;
  /** The outbox as a scrape reads it from the database (one shared by every instance). */
  mailQueue(): Promise<MailQueueState>;
}

export interface MailQueueState {
  pending: number;
  failed: number;
  /** Seconds since the oldest pending message was queued; 0 when none is pending. */
  oldestPendingAgeSeconds: number;
}
