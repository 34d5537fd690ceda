import express, { type Express } from "express";
import { auditRouter } from "./audit/router.js";
import type { Auth } from "./auth/auth.js";
import { authHandler } from "./auth/handler.js";
import { type AuthGuards, createAuthGuards } from "./auth/require-auth.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { readRouting } from "./db/replicas.js";
import { corsPolicy, refuseOtherOptions } from "./http/cors.js";
import { refuseCrossSiteWrites } from "./http/cross-site.js";
import { errorHandler, notFoundHandler } from "./http/error-handler.js";
import { health, readinessRouter } from "./http/health.js";
import { type RateLimitStores, rateLimits } from "./http/rate-limit.js";
import { securityHeaders } from "./http/security-headers.js";
import { forgetRememberedReadsOnWrites } from "./http/write-requests.js";
import type { Logger } from "./logging/logger.js";
import { requestId } from "./logging/request-id.js";
import { requestLogger } from "./logging/request-logger.js";
import { postsRouter } from "./posts/router.js";
import { usersRouter } from "./users/router.js";
import { v2Router } from "./v2/router.js";

export interface AppOptions {
  config: Config;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Shared rate-limit counters (Redis, see main.ts); each limiter counts in memory without them. */
  rateLimitStores?: RateLimitStores;
}

/** What every router is built from. */
export interface AppDeps extends AppOptions {
  db: Db;
  guards: AuthGuards;
}

/** Builds the app in the specification's stage order; never listens (main.ts does). */
export function createApp(options: AppOptions): Express {
  const { config, database, auth, logger } = options;
  const deps: AppDeps = { ...options, db: database.db, guards: createAuthGuards({ ...options, db: database.db }) };
  const app = express();
  app.disable("x-powered-by");
  // Clients of a cookie-authenticated JSON API do not revalidate with ETags; hashing every body costs.
  app.set("etag", false);
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);

  const crossOriginCheck = corsPolicy(config);
  // First, and an app route, not a Router (a Router would answer OPTIONS /health itself, in plain
  // text): see health.ts for what the probe skips.
  app.get("/health", crossOriginCheck, health);
  app.use(securityHeaders(config));
  app.use(requestId);
  // Before anything reads: which reads of this request may go to a read replica.
  if (config.databaseReplicas.urls.length > 0) app.use(readRouting(config.databaseReplicas));
  app.use(crossOriginCheck);
  app.use(requestLogger(logger));
  app.use(refuseOtherOptions);
  // Before better-auth, so a sign-in or sign-up over the limit never reaches a password check.
  app.use(rateLimits({ config, logger, stores: options.rateLimitStores }));
  // Before every route that writes, better-auth's included: a write voids the sessions and counts
  // remembered before it.
  app.use(forgetRememberedReadsOnWrites);
  // better-auth reads the raw body itself: it must stay before the JSON parser (specification, rule 4).
  app.all("/api/auth/*splat", authHandler(auth));
  // After better-auth, whose own origin check answers for its routes.
  app.use(refuseCrossSiteWrites(config));
  app.use(express.json({ limit: "100kb" }));

  app.use(readinessRouter(database));
  app.use("/api", usersRouter(deps));
  app.use("/api", postsRouter(deps));
  app.use("/api", auditRouter(deps));
  app.use("/api/v2", v2Router(deps));

  app.use(notFoundHandler);
  app.use(errorHandler(deps));
  return app;
}
