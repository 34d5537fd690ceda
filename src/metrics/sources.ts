import type { CacheCounts } from "../changes/change-aware-cache.js";
import type { PoolObserver, PoolState } from "../db/pool-observer.js";
import type { ReplicaStatus } from "../db/replica-health.js";
import type { RequestObserver } from "../http/finished-requests.js";

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
  /** Each read replica as its last check found it (none without replicas). */
  replicas(): readonly ReplicaStatus[];
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
