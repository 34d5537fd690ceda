import type { Auth } from "./auth/auth.js";
import type { AuthGuards } from "./auth/require-auth.js";
import type { Config } from "./config.js";
import type { ChangeFeed } from "./changes/index.js";
import type { Database, DrizzleDb } from "./db/client.js";
import type { Readiness } from "./http/health.js";
import type { CursorSigner } from "./http/lists/cursor.js";
import type { RateLimitStores } from "./http/rate-limit.js";
import type { Logger } from "./logging/logger.js";
import type { Mailer } from "./mail/mailer.js";
import type { ServiceMetrics } from "./metrics/sources.js";
import type { NotificationStreamOptions, NotificationStreams } from "./notifications/streams.js";
import type { PostCountCache } from "./posts/count-cache.js";

// What the app and its routers are built from. Declared apart from app.ts so that a router can
// name its dependencies without importing the module that imports it.

export interface AppOptions {
  config: Config;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Whether mail can be sent (the mail endpoints answer 503 when not), and the outbox. */
  mailer: Mailer;
  /** Shared rate-limit counters (Redis, see main.ts); each limiter counts in memory without them. */
  rateLimitStores?: RateLimitStores;
  /**
   * Committed changes from every instance (openServices opens it). Without one nothing is cached
   * and notification streams get no live events.
   */
  changes?: ChangeFeed;
  /** Turned off at shutdown: /ready then answers 503 while requests are still served. */
  readiness?: Readiness;
  /** Live notification streams' keep-alive interval and per-user limit (tests shorten the interval). */
  notificationStreams?: Partial<NotificationStreamOptions>;
  /** Prometheus metrics (METRICS_PORT); without them nothing is counted or timed for them. */
  metrics?: ServiceMetrics;
}

// Route handlers are given the app's parts.
declare module "./http/route.js" {
  interface HandlerDeps extends AppDeps {}
}

/** What every router is built from. */
export interface AppDeps extends AppOptions {
  db: DrizzleDb;
  guards: AuthGuards;
  changes: ChangeFeed;
  postCounts: PostCountCache;
  streams: NotificationStreams;
  readiness: Readiness;
  /** The one signer every cursor list shares. */
  cursors: CursorSigner;
}
