import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import type { Request, RequestHandler } from "express";
import { MemoryStore, rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import type { Config } from "../config.js";
import type { Logger } from "../logging/logger.js";
import { rateLimited } from "./errors.js";

const WINDOW_MS = 60_000;

// Where a guessed or stolen password is worth most, and each request costs a password hash:
// sign-in, sign-up, account creation (v1 and v2) and password change; and the requests that mail
// someone a link, or spend one.
const CREDENTIAL_ROUTES = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/users",
  "/api/v2/users",
  "/api/auth/change-password",
  "/api/auth/request-password-reset",
  "/api/auth/send-verification-email",
  "/api/auth/change-email",
  "/api/auth/reset-password",
]);

// The requests that mail a link to the address in their body, whoever sends them.
const MAIL_TO_ADDRESS_ROUTES = new Set(["/api/auth/request-password-reset", "/api/auth/send-verification-email"]);
const MAILS_PER_ADDRESS = 3;
const ADDRESS_WINDOW_MS = 60 * 60_000;

// Probes from the orchestrator must never be refused, or a busy instance would be restarted.
const UNLIMITED_PATHS = new Set(["/health", "/ready"]);

// How long a request may wait for the very first connection to Redis before being counted here.
const FIRST_CONNECT_WAIT_MS = 1_000;
// How long a request may wait for Redis's count (a millisecond or two on a working network) before
// it is counted here instead: a Redis that drops packets must not stall every request.
const REDIS_DEADLINE_MS = 100;
// After a miss, how often Redis is tried again (every count is made here meanwhile).
const REDIS_RETRY_AFTER_MS = 5_000;

/** Where the limiters keep their counters; without one, each limiter counts in this process's memory. */
export interface RateLimitStores {
  /** A new store for one limiter: express-rate-limit refuses a store shared by two limiters. */
  create(name: string): Store;
  /** Whether the shared store answered last time it was asked. */
  readonly reachable: boolean;
  close(): Promise<void>;
}

export interface RateLimitDeps {
  config: Pick<Config, "rateLimit">;
  logger: Logger;
  stores?: RateLimitStores;
  /** Told the limiter's name (`auth`, `global`) of every refused request. */
  onRefused?: (limiter: string) => void;
}

/**
 * Per client address (`req.ip`, which honours TRUST_PROXY): RATE_LIMIT_AUTH requests a minute on
 * the credential routes together, RATE_LIMIT_GLOBAL on every other route but the probes. Mounted
 * before the better-auth handler so sign-in and sign-up are counted before any password is checked.
 */
export function rateLimits({ config, logger, stores, onRefused }: RateLimitDeps): RequestHandler {
  if (!config.rateLimit.enabled) return (_req, _res, next) => next();

  const limiter = (name: string, limit: number) =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      // Retry-After is already set when the handler runs; the body comes from the central error handler.
      handler: (_req, _res, next) => {
        onRefused?.(name);
        next(rateLimited());
      },
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
 * Per address named in the body: MAILS_PER_ADDRESS reset or verification requests an hour, from
 * any number of clients, so nobody can flood a mailbox by asking from many addresses. A known and
 * an unknown address are counted alike. Mounted where the body has been read (see auth/handler.ts);
 * the counters are keyed by a hash of the address, never the address itself.
 */
export function addressRateLimit({ config, logger, stores, onRefused }: RateLimitDeps): RequestHandler {
  if (!config.rateLimit.enabled) return (_req, _res, next) => next();
  const limiter = rateLimit({
    windowMs: ADDRESS_WINDOW_MS,
    limit: MAILS_PER_ADDRESS,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (req) => createHash("sha256").update(addressIn(req)!).digest("base64url"),
    handler: (_req, _res, next) => {
      onRefused?.("address");
      next(rateLimited());
    },
    store: stores?.create("address"),
    passOnStoreError: true,
    logger: limiterLogger(logger),
  });
  return (req, res, next) => {
    if (req.method !== "POST" || !MAIL_TO_ADDRESS_ROUTES.has(normalisedPath(req)) || addressIn(req) === undefined)
      return next();
    return limiter(req, res, next);
  };
}

/** The address a body (JSON text, as the auth handler reads it) names, as better-auth compares addresses. */
function addressIn(req: Request): string | undefined {
  if (typeof req.body !== "string") return undefined;
  try {
    const { email } = JSON.parse(req.body) as { email?: unknown };
    return typeof email === "string" ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * better-auth resolves the URL as a browser would (`/sign-in/./email` and `/x/../sign-in/email`
 * both sign in) and Express matches case-insensitively with an optional trailing slash; every
 * spelling either of them serves must meet the same limit.
 */
function isCredentialRoute(req: Request): boolean {
  return req.method === "POST" && CREDENTIAL_ROUTES.has(normalisedPath(req));
}

function normalisedPath(req: Request): string {
  let path: string;
  try {
    path = new URL(req.originalUrl, "http://service.invalid").pathname;
  } catch {
    path = req.path;
  }
  return path.toLowerCase().replace(/\/$/, "");
}

function limiterLogger(logger: Logger) {
  const log = (error: unknown, message = "express-rate-limit") => {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    // Its ERR_ERL_/WRN_ERL_ codes report a misconfiguration (e.g. TRUST_PROXY) once; a store's
    // errors would repeat on every request, and the Redis stores report an outage once themselves.
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
 * it connects on first use. A count Redis does not give within REDIS_DEADLINE_MS (refused, dropped,
 * or stalled) is made in this process's memory, and so is every later count (a breaker): the
 * service keeps answering at its usual speed and a client still meets a limit (the limit per
 * instance). Every REDIS_RETRY_AFTER_MS a PING, sent by no request, tries Redis again; counting goes
 * back to Redis once it answers, without forgetting what was counted here meanwhile
 * (RedisOrMemoryStore).
 */
export function redisRateLimitStores({ url, prefix = "rl:", logger }: RedisStoresOptions): RateLimitStores {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
  // One warning per outage, whether the client or a count noticed it first.
  let reachable = true;
  let retryAt = 0;
  // Settles once connected or after the first wait, whichever is first: only the first requests wait.
  let firstConnect: Promise<unknown> | undefined;
  const connected = async () => {
    firstConnect ??= Promise.race([
      client.connect().catch(() => undefined),
      delay(FIRST_CONNECT_WAIT_MS, undefined, { ref: false }),
    ]);
    if (!client.isReady) await firstConnect;
  };
  const health: RedisHealth = {
    connected,
    mayAsk: () => {
      if (reachable) return true;
      // A Redis that missed is tried again by a probe of its own, not by a request's count: no
      // request waits for a Redis that may still be stalled.
      if (Date.now() >= retryAt) {
        retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
        void withDeadline(client.sendCommand(["PING"])).then(health.answered, health.failed);
      }
      return false;
    },
    failed: (error) => {
      retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
      if (!reachable) return;
      reachable = false;
      const name = error instanceof Error ? error.name : "Error";
      logger.warn("Redis is unreachable: each instance counts rate limits alone until it returns", { errorName: name });
    },
    answered: () => {
      retryAt = 0;
      if (!reachable) logger.info("Redis is reachable again: rate limits are counted in Redis");
      reachable = true;
    },
  };
  client.on("error", (error: Error) => health.failed(error));
  client.on("ready", () => health.answered());

  const sendCommand = async (...args: string[]) => {
    await connected();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the store wants the reply narrowed to its own types
    return client.sendCommand(args) as Promise<number | string | boolean | (number | string | boolean)[]>;
  };

  return {
    get reachable() {
      return reachable;
    },
    create: (name) =>
      new RedisOrMemoryStore(new RecoveringRedisStore({ sendCommand, prefix: `${prefix}${name}:` }), health),
    // A stalled Redis never answers the close: shutdown waits for it no longer than for a count.
    close: async () => {
      if (client.isReady) await withDeadline(client.close()).catch(() => undefined);
      if (client.isOpen) client.destroy();
    },
  };
}

/**
 * rate-limit-redis loads its Lua script once, at start-up; if Redis was unreachable then, or went
 * away since, the failed load would be reused forever. A failed increment loads it again and
 * retries once, so the first count after Redis returns already lands in Redis.
 */
class RecoveringRedisStore extends RedisStore {
  override async increment(key: string): Promise<IncrementResponse> {
    try {
      return await super.increment(key);
    } catch {
      this.incrementScriptSha = this.loadIncrementScript();
      return super.increment(key);
    }
  }
}

interface RedisHealth {
  /** Resolves once the client first connected, or gave up waiting for it (FIRST_CONNECT_WAIT_MS). */
  connected(): Promise<void>;
  /** Whether a count may ask Redis now: not after a miss, until a probe in the background finds it answering. */
  mayAsk(): boolean;
  failed(error: unknown): void;
  answered(): void;
}

/** A Redis call, or a rejection once it has taken longer than REDIS_DEADLINE_MS. */
function withDeadline<T>(call: Promise<T>): Promise<T> {
  return Promise.race([
    call,
    delay(REDIS_DEADLINE_MS, undefined, { ref: false }).then(() =>
      Promise.reject(new Error("Redis did not answer in time")),
    ),
  ]);
}

/**
 * Counts in Redis while it answers, and in this process's memory while it does not. A client
 * counted here during an outage is counted here too for the rest of that window, and meets the
 * stricter of the two counts: the requests Redis never saw are not forgotten when it returns.
 */
class RedisOrMemoryStore implements Store {
  private readonly memory = new MemoryStore();

  constructor(
    private readonly redis: RedisStore,
    private readonly health: RedisHealth,
  ) {}

  async init(options: Options): Promise<void> {
    this.memory.init(options);
    // Redis may be down at start-up: its scripts are loaded again by the first count that needs them.
    await this.redis.init(options).catch(() => undefined);
  }

  async increment(key: string): Promise<IncrementResponse> {
    if (!this.health.mayAsk()) return this.memory.increment(key);
    let shared: IncrementResponse;
    // The first connection has its own wait: the deadline is for the count, not for connecting.
    await this.health.connected();
    try {
      shared = await withDeadline(this.redis.increment(key));
      this.health.answered();
    } catch (error) {
      this.health.failed(error);
      return this.memory.increment(key);
    }
    if ((await this.memory.get(key)) === undefined) return shared;
    const local = await this.memory.increment(key);
    return local.totalHits > shared.totalHits ? local : shared;
  }

  async decrement(key: string): Promise<void> {
    await Promise.all([this.#onRedis(() => this.redis.decrement(key)), this.memory.decrement(key)]);
  }

  async resetKey(key: string): Promise<void> {
    await Promise.all([this.#onRedis(() => this.redis.resetKey(key)), this.memory.resetKey(key)]);
  }

  /** A call that may be skipped: Redis is asked only while it answers, and never waited for long. */
  async #onRedis(call: () => Promise<void>): Promise<void> {
    if (!this.health.mayAsk()) return;
    await withDeadline(call()).catch((error: unknown) => this.health.failed(error));
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}
