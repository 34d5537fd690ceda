import { setTimeout as delay } from "node:timers/promises";
import { MemoryStore, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import type { Logger } from "../logging/logger.js";
import type { RateLimitStores } from "./rate-limit.js";

// How long a request may wait for the very first connection to Redis before being counted here.
const FIRST_CONNECT_WAIT_MS = 1_000;
// How long a request may wait for Redis's count (a millisecond or two on a working network) before
// it is counted here instead: a Redis that drops packets must not stall every request.
const REDIS_DEADLINE_MS = 100;
// After a miss, how often Redis is tried again (every count is made here meanwhile).
const REDIS_RETRY_AFTER_MS = 5_000;

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
        void withDeadline(client.sendCommand(["PING"])).then(
          () => health.answered(),
          (error: unknown) => health.failed(error),
        );
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
