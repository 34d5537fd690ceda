import { setTimeout as delay } from "node:timers/promises";
import type { Request, RequestHandler } from "express";
import { rateLimit, type IncrementResponse, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import type { Config } from "../config.js";
import type { Logger } from "../logging/logger.js";
import { rateLimited } from "./errors.js";

const WINDOW_MS = 60_000;

// Where a guessed or stolen password is worth most, and each request costs a password hash:
// sign-in, sign-up, account creation (v1 and v2) and password change.
const CREDENTIAL_ROUTES = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/users",
  "/api/v2/users",
  "/api/auth/change-password",
]);

// Probes from the orchestrator must never be refused, or a busy instance would be restarted.
const UNLIMITED_PATHS = new Set(["/health", "/ready"]);

// How long a request may wait for the very first connection to Redis before passing unlimited.
const FIRST_CONNECT_WAIT_MS = 1_000;

/** Where the limiters keep their counters; without one, each limiter counts in this process's memory. */
export interface RateLimitStores {
  /** A new store for one limiter: express-rate-limit refuses a store shared by two limiters. */
  create(name: string): Store;
  close(): Promise<void>;
}

export interface RateLimitDeps {
  config: Pick<Config, "rateLimit">;
  logger: Logger;
  stores?: RateLimitStores;
}

/**
 * Per client address (`req.ip`, which honours TRUST_PROXY): RATE_LIMIT_AUTH requests a minute on
 * the credential routes together, RATE_LIMIT_GLOBAL on every other route but the probes. Mounted
 * before the better-auth handler so sign-in and sign-up are counted before any password is checked.
 */
export function rateLimits({ config, logger, stores }: RateLimitDeps): RequestHandler {
  if (!config.rateLimit.enabled) return (_req, _res, next) => next();

  const limiter = (name: string, limit: number) =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      // Retry-After is already set when the handler runs; the body comes from the central error handler.
      handler: (_req, _res, next) => next(rateLimited()),
      store: stores?.create(name),
      // A counter store that is down must not take the API down with it: requests pass, uncounted.
      passOnStoreError: true,
      logger: limiterLogger(logger),
    });
  const credentials = limiter("auth", config.rateLimit.auth);
  const everything = limiter("global", config.rateLimit.global);

  return (req, res, next) => {
    if (isCredentialRoute(req)) return credentials(req, res, next);
    if (UNLIMITED_PATHS.has(req.path)) return next();
    return everything(req, res, next);
  };
}

/**
 * better-auth resolves the URL as a browser would (`/sign-in/./email` and `/x/../sign-in/email`
 * both sign in) and Express matches case-insensitively with an optional trailing slash; every
 * spelling either of them serves must meet the same limit.
 */
function isCredentialRoute(req: Request): boolean {
  if (req.method !== "POST") return false;
  let path: string;
  try {
    path = new URL(req.originalUrl, "http://service.invalid").pathname;
  } catch {
    path = req.path;
  }
  return CREDENTIAL_ROUTES.has(path.toLowerCase().replace(/\/$/, ""));
}

function limiterLogger(logger: Logger) {
  const log = (error: unknown, message = "express-rate-limit") => {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    // Its ERR_ERL_/WRN_ERL_ codes report a misconfiguration (e.g. TRUST_PROXY) once; store errors
    // repeat on every request while Redis is away, and the Redis client already reports that once.
    const level = typeof code === "string" && /^(ERR|WRN)_ERL_/.test(code) ? "warn" : "debug";
    logger.log(level, message, { errorName: name, errorCode: code });
  };
  return { warn: log, error: log };
}

export interface RedisStoresOptions {
  url: string;
  /** Prepended to every key; instances of one deployment share it, so they share their counters. */
  prefix?: string;
  logger: Logger;
}

/**
 * Counters in Redis, shared by every instance of the service. One client serves every limiter;
 * it connects on first use, and while Redis is unreachable commands fail at once (no offline
 * queue), so requests pass uncounted instead of waiting.
 */
export function redisRateLimitStores({ url, prefix = "rl:", logger }: RedisStoresOptions): RateLimitStores {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
  let reachable = true;
  client.on("error", (error: Error) => {
    if (!reachable) return;
    reachable = false;
    logger.warn("Redis is unreachable: rate limits are not enforced until it returns", { errorName: error.name });
  });
  client.on("ready", () => {
    if (!reachable) logger.info("Redis is reachable again: rate limits are enforced");
    reachable = true;
  });

  // Settles once connected or after the first wait, whichever is first: only the first requests wait.
  let firstConnect: Promise<unknown> | undefined;
  const sendCommand = async (...args: string[]) => {
    firstConnect ??= Promise.race([
      client.connect().catch(() => undefined),
      delay(FIRST_CONNECT_WAIT_MS, undefined, { ref: false }),
    ]);
    if (!client.isReady) await firstConnect;
    return client.sendCommand(args) as Promise<number | string | boolean | (number | string | boolean)[]>;
  };

  return {
    create: (name) => new RecoveringRedisStore({ sendCommand, prefix: `${prefix}${name}:` }),
    close: async () => {
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    },
  };
}

/**
 * rate-limit-redis loads its Lua script once, at start-up; if Redis was unreachable then, the
 * failed load would be reused forever. Reloading after a failed increment recovers by itself.
 */
class RecoveringRedisStore extends RedisStore {
  override async increment(key: string): Promise<IncrementResponse> {
    try {
      return await super.increment(key);
    } catch (error) {
      this.incrementScriptSha = this.loadIncrementScript();
      // Awaited by the next increment; until then a rejection must not count as unhandled.
      this.incrementScriptSha.catch(() => undefined);
      throw error;
    }
  }
}
