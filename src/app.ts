import express, { type Express } from "express";
import { AUTH_BASE_PATH, authCredentialRoutes, mailToBodyAddressRoutes } from "./auth/endpoints.js";
import { authHandler, authRouteOf } from "./auth/handler.js";
import { createAuthGuards } from "./auth/require-auth.js";
import { createSessionCache } from "./auth/session-cache.js";
import { ChangeFeed } from "./changes/index.js";
import { answerWritesOnceHeard } from "./http/write-barrier.js";
import type { AppDeps, AppOptions } from "./deps.js";
import { readRouting } from "./http/read-routing.js";
import { adminConsole, findAdminConsole } from "./http/admin-console.js";
import { corsPolicy, refuseOtherOptions } from "./http/cors.js";
import { refuseCrossSiteWrites } from "./http/cross-site.js";
import { errorBodiesOf, errorHandler, notFoundHandler } from "./http/error-handler.js";
import { FinishedRequests, type RequestObserver } from "./http/finished-requests.js";
import { livenessRoutes, Readiness } from "./http/health.js";
import { cursorSigner } from "./http/lists/cursor.js";
import { credentialRoutesOf, mountGroup } from "./http/route.js";
import { addressRateLimit, rateLimits, recipientLimit } from "./http/rate-limit.js";
import { securityHeaders } from "./http/security-headers.js";
import { requestId } from "./logging/request-id.js";
import { requestLogger } from "./logging/request-logger.js";
import { NotificationStreams } from "./notifications/streams.js";
import { createPostCountCache } from "./posts/count-cache.js";
import { mailQueueState } from "./mail/outbox.js";
import { findUser } from "./users/service.js";
import { v2Routes } from "./v2/routes.js";
import { ROUTE_GROUPS } from "./route-groups.js";

/**
 * Builds the app, each stage before the ones that depend on it (request id before the log line,
 * better-auth before the JSON parser, every route before the two error handlers); never listens
 * (main.ts does).
 */
export function createApp(options: AppOptions): Express {
  const { config, database, auth, logger, metrics } = options;
  const db = database.db;
  const changes = options.changes ?? ChangeFeed.none();
  // This app's own caches, emptied by the changes they were read from (see their modules).
  const sessionCache = createSessionCache(changes, config.sessionCacheMs);
  const accounts = { findUser: (id: string) => findUser(db, id) };
  const guards = createAuthGuards({ ...options, db, sessionCache, accounts });
  const streams = new NotificationStreams({ db, changes, guards, logger, options: options.notificationStreams });
  const deps: AppDeps = {
    ...options,
    db,
    guards,
    changes,
    postCounts: createPostCountCache(changes),
    streams,
    readiness: options.readiness ?? new Readiness(),
    cursors: cursorSigner(config.authSecret),
  };
  const app = express();
  app.disable("x-powered-by");
  // Clients of a cookie-authenticated JSON API do not revalidate with ETags; hashing every body costs.
  app.set("etag", false);
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  // What a list's links are made from when a request's Host header cannot name an origin.
  app.locals.publicUrl = config.authUrl;

  const crossOriginCheck = corsPolicy(config);
  // First, and app routes, not a Router (a Router would answer OPTIONS /health itself, in plain
  // text): see health.ts for what the probe skips.
  for (const probe of livenessRoutes.routes)
    app[probe.method](probe.path, crossOriginCheck, (req, res) =>
      probe.handler({ req, res, input: { params: undefined, query: undefined, body: undefined } }, deps),
    );
  app.use(v2Routes.base, errorBodiesOf(v2Routes));
  app.use(securityHeaders(config));
  app.use(requestId);
  // Before anything reads: which reads of this request may go to a read replica.
  if (config.databaseReplicas.urls.length > 0) app.use(readRouting(config.databaseReplicas));
  app.use(crossOriginCheck);
  const observers = [requestLogger(logger, { fields: config.isProduction }), metrics?.requests].filter(
    (observer): observer is RequestObserver => observer !== undefined,
  );
  const finished = observers.length > 0 ? new FinishedRequests(app, observers, authRouteOf) : undefined;
  if (finished) app.use(finished.middleware);
  app.use(refuseOtherOptions);
  // Files of a page, before the rate limits: loading the console does not spend the API's allowance.
  const consoleDir = findAdminConsole();
  if (consoleDir) app.use("/admin", adminConsole(consoleDir));
  // Before better-auth, so a sign-in or sign-up over the limit never reaches a password check.
  const limits = { config, logger, stores: options.rateLimitStores, onRefused: metrics?.rateLimitRefused };
  app.use(rateLimits(limits, [...authCredentialRoutes(), ...ROUTE_GROUPS.flatMap(credentialRoutesOf)]));
  // Every mail, whatever queued it, spends its address's budget in the same counters.
  options.mailer.limitPerRecipient(recipientLimit(limits));
  // better-auth reads the raw body itself: it must stay before the JSON parser, which would consume the stream first.
  const limitPerAddress = addressRateLimit(limits, mailToBodyAddressRoutes());
  app.all(`${AUTH_BASE_PATH}/*splat`, authHandler(auth, changes, options.mailer, limitPerAddress, db));
  // After better-auth, whose own origin check answers for its routes.
  app.use(refuseCrossSiteWrites(config));
  app.use(express.json({ limit: "100kb" }));
  app.use(answerWritesOnceHeard(changes));

  for (const group of ROUTE_GROUPS) app.use(group.base || "/", mountGroup(group, deps));

  app.use(notFoundHandler);
  app.use(errorHandler(deps));
  metrics?.watch({
    requestsInFlight: () => finished?.inFlight ?? 0,
    pools: () => database.pools(),
    replicas: () => database.replicaStatuses(),
    pingDatabase: () => database.ping(),
    changeFeed: {
      trusted: () => changes.trusted,
      lastHeardAt: () => changes.lastHeardAt,
      reconnects: feedReconnects(changes, metrics.changeFeedProven),
    },
    caches: { session: () => sessionCache.counts, post_count: () => deps.postCounts.counts() },
    streams: { open: () => streams.openCount, eventsSent: () => streams.eventsSent },
    redisReachable: () => options.rateLimitStores?.reachable,
    mailQueue: () => mailQueueState(database.db),
  });
  return app;
}

/**
 * How many times the feed has listened again since the app was built, as a function the metrics
 * read; the round trips of its listener's proofs go to `proven` as they come.
 */
function feedReconnects(changes: ChangeFeed, proven: (seconds: number) => void): () => number {
  let reconnects = 0;
  changes.subscribe({
    change: () => undefined,
    trust: (trusted) => {
      if (trusted) reconnects += 1;
    },
    proven,
  });
  return () => reconnects;
}
