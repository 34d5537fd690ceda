import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { MemoryStore, rateLimit, type Store } from "express-rate-limit";
import { authBodyField } from "./auth-body.js";
import type { Config } from "../config.js";
import type { Logger } from "../logging/logger.js";
import { rateLimited } from "./errors.js";
import { PROBE_PATHS } from "./ready.js";

const WINDOW_MS = 60_000;
const MAILS_PER_ADDRESS = 3;
const ADDRESS_WINDOW_MS = 60 * 60_000;

/** A route a limiter picks out by its method and full path (`POST /api/auth/sign-in/email`). */
export interface LimitedRoute {
  method: string;
  path: string;
}

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
export function rateLimits(deps: RateLimitDeps, credentialRoutes: readonly LimitedRoute[]): RequestHandler {
  if (!deps.config.rateLimit.enabled) return (_req, _res, next) => next();
  const isCredentialRoute = routeMatcher(credentialRoutes);
  const credentials = limiterOf(deps, { name: "auth", limit: deps.config.rateLimit.auth, windowMs: WINDOW_MS });
  const everything = limiterOf(deps, { name: "global", limit: deps.config.rateLimit.global, windowMs: WINDOW_MS });

  return (req, res, next) => {
    if (isCredentialRoute(req)) return credentials(req, res, next);
    if (PROBE_PATHS.has(req.path)) return next();
    return everything(req, res, next);
  };
}

/**
 * Per address named in the body: MAILS_PER_ADDRESS reset or verification requests an hour, from
 * any number of clients, so nobody can flood a mailbox by asking from many addresses. A known and
 * an unknown address are counted alike. Mounted where the body has been read (see auth/handler.ts);
 * the counters are keyed by a hash of the address, never the address itself.
 */
export function addressRateLimit(deps: RateLimitDeps, mailToAddressRoutes: readonly LimitedRoute[]): RequestHandler {
  if (!deps.config.rateLimit.enabled) return (_req, _res, next) => next();
  const mailsToAddress = routeMatcher(mailToAddressRoutes);
  const limiter = limiterOf(deps, {
    name: "address",
    limit: MAILS_PER_ADDRESS,
    windowMs: ADDRESS_WINDOW_MS,
    key: (req) => addressIn(req)!,
  });
  return (req, res, next) => {
    if (!mailsToAddress(req) || addressIn(req) === undefined) return next();
    return limiter(req, res, next);
  };
}

/**
 * Every mail the service sends spends its recipient's budget: MAILS_PER_ADDRESS an hour, whatever
 * the kind (reset, verification, email change approval, notices) and whoever caused it. The
 * request limit above answers 429 to whoever names an address too often; this one holds for the
 * mails no such request names (a verification resent at sign-in, a change of address to someone
 * else's), which any number of accounts can cause. Counted where the rate limits count (Redis
 * when configured, shared by every instance), keyed by a hash of the address; a counter store that
 * fails lets the mail through, as it lets requests through.
 */
export function recipientLimit({
  config,
  stores,
}: RateLimitDeps): { take(address: string): Promise<boolean> } | undefined {
  if (!config.rateLimit.enabled) return undefined;
  const store = stores?.create("recipient") ?? new MemoryStore();
  const ready = Promise.resolve(
    store.init?.({ windowMs: ADDRESS_WINDOW_MS } as Parameters<NonNullable<Store["init"]>>[0]),
  );
  return {
    async take(address) {
      try {
        await ready;
        const { totalHits } = await store.increment(addressKey(address));
        return totalHits <= MAILS_PER_ADDRESS;
      } catch {
        return true;
      }
    },
  };
}

function addressKey(address: string): string {
  return hashed(address.trim().toLowerCase());
}

/** A counter's key: a hash, so that neither a shared store nor its dumps hold an address or a user id. */
function hashed(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** The address a better-auth request's body names, as better-auth compares addresses. */
function addressIn(req: Request): string | undefined {
  const email = authBodyField(req, "email");
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

export interface KeyedLimit {
  /** The limiter's name: its counters' key prefix in the shared store, its label in the metrics. */
  name: string;
  limit: number;
  windowMs: number;
  /** Whose allowance a request spends (a user id: mounted after the session guard). */
  keyOf: (req: Request) => string;
}

/**
 * A limit per key rather than per address, for a route that is costly to answer whoever asks
 * from wherever (a user's export): counted in the shared store when there is one, so the
 * allowance holds across instances, in memory otherwise. Refusals are 429 rate_limited with
 * Retry-After, like every limiter's.
 */
export function keyedRateLimit(deps: RateLimitDeps, { name, limit, windowMs, keyOf }: KeyedLimit): RequestHandler {
  if (!deps.config.rateLimit.enabled) return (_req, _res, next) => next();
  return limiterOf(deps, { name, limit, windowMs, key: keyOf });
}

/**
 * One limiter: counted per client address, or per what `key` names (kept as its hash, never
 * itself); its refusal goes to the central error handler as 429 rate_limited, with Retry-After.
 */
function limiterOf(
  { logger, stores, onRefused }: RateLimitDeps,
  { name, limit, windowMs, key }: { name: string; limit: number; windowMs: number; key?: (req: Request) => string },
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    ...(key ? { keyGenerator: (req: Request) => hashed(key(req)) } : {}),
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
}

/**
 * Whether a request is for one of the routes. better-auth resolves the URL as a browser would
 * (`/sign-in/./email` and `/x/../sign-in/email` both sign in) and Express matches case-insensitively
 * with an optional trailing slash; every spelling either of them serves matches. A HEAD is the GET
 * it stands for.
 */
function routeMatcher(routes: readonly LimitedRoute[]): (req: Request) => boolean {
  const keys = new Set(
    routes.map(({ method, path }) => `${method.toUpperCase()} ${path.toLowerCase().replace(/\/$/, "")}`),
  );
  return (req) => keys.has(`${req.method === "HEAD" ? "GET" : req.method} ${normalisedPath(req)}`);
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
