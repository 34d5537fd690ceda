import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionCache } from "../auth/session-cache.js";
import { openDatabase } from "../db/client.js";
import { redisRateLimitStores } from "../http/redis-rate-limit-stores.js";
import { createPostCountCache } from "../posts/count-cache.js";
import { samples, scraped, valueOf } from "../../test/exposition.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { startApp } from "../../test/start-app.js";
import { createServiceMetrics } from "./prometheus.js";
import type { ServiceMetrics } from "./sources.js";

const t = useTestApp();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("metrics of the database, the change feed, the caches and Redis", () => {
  let metrics: ServiceMetrics;
  let scrape: () => Promise<string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    metrics = createServiceMetrics();
    ({ scrape, close } = await scraped(metrics));
  });
  afterAll(() => close?.());

  it("counts a database that cannot be reached as connect_failed", async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const nowhere = await openDatabase({
      url: "postgres://postgres@127.0.0.1:1/none",
      connectionTimeoutMillis: 500,
      poolObserver: metrics.pools,
    });
    await expect(nowhere.ping()).rejects.toThrow();
    await expect(nowhere.ping()).rejects.toThrow();
    await nowhere.close();
    const text = await scrape();
    expect(valueOf(text, "posts_api_db_errors_total", '{pool="primary",kind="connect_failed"}')).toBe(2);
  });

  it.skipIf(!onPostgres)("counts a wait for a busy pool as acquire_timeout", async () => {
    const database = await openDatabase({
      url: t.config.databaseUrl,
      poolMax: 1,
      connectionTimeoutMillis: 300,
      poolObserver: metrics.pools,
    });
    // The pool's one connection, held by a transaction until the ping has given up waiting for it.
    let hold: () => void = () => undefined;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (hold = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = database.db.transaction(async () => {
      hold();
      await released;
    });
    try {
      await held;
      await expect(database.ping()).rejects.toThrow();
    } finally {
      release();
      await holding;
      await database.close();
    }
    expect(valueOf(await scrape(), "posts_api_db_errors_total", '{pool="primary",kind="acquire_timeout"}')).toBe(1);
  });

  it.skipIf(!onPostgres)("counts a query past its deadline as query_timeout", async () => {
    const database = await openDatabase({
      url: t.config.databaseUrl,
      queryTimeoutMillis: 300,
      onPoolError: () => undefined,
      poolObserver: metrics.pools,
    });
    try {
      await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toThrow();
    } finally {
      await database.close();
    }
    expect(valueOf(await scrape(), "posts_api_db_errors_total", '{pool="primary",kind="query_timeout"}')).toBe(1);
  });

  it.skipIf(!onPostgres)("counts the reads a replica could answer by where they went", async () => {
    // The primary named as its own replica fails the replica's checks (it is not in recovery):
    // every read goes to the primary, and is counted there.
    const app = await startApp({
      beside: t,
      ownServices: true,
      metrics,
      env: { DATABASE_REPLICA_URLS: t.config.databaseUrl },
    });
    try {
      expect(app.database.replicaStatuses().map((status) => status.inUse)).toEqual([false]);
      const before = valueOf(await scrape(), "posts_api_db_reads_total", '{target="primary"}') ?? 0;
      for (let i = 0; i < 3; i++) expect((await app.http.get("/api/posts?limit=1")).status).toBe(200);
      const text = await scrape();
      // One read a request, all on the primary; the scrapes' own reads of the mail queue are not a
      // request's and are not counted; a target that took none has no series yet.
      expect(samples(text, "posts_api_db_reads_total")).toEqual([{ labels: '{target="primary"}', value: before + 3 }]);
    } finally {
      await app.close();
    }
  });

  it("times the round trip of the change feed's own markers on PostgreSQL (PGlite's listener has none)", async () => {
    const app = await startApp({ beside: t, ownServices: true, metrics });
    try {
      const name = "posts_api_change_feed_marker_round_trip_seconds";
      if (!onPostgres) {
        expect(valueOf(await scrape(), `${name}_count`)).toBe(0);
        return;
      }
      // The listener sends one every 200 ms.
      const text = await poll(scrape, (exposition) => (valueOf(exposition, `${name}_count`) ?? 0) >= 3);
      const count = valueOf(text, `${name}_count`)!;
      expect(count).toBeGreaterThanOrEqual(3);
      // A marker not back within the connection timeout gives the connection up: none takes longer.
      expect(valueOf(text, `${name}_bucket`, '{le="3"}')).toBe(count);
      expect(valueOf(text, `${name}_sum`)).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it("counts evictions, entries and bytes of the session and post-count caches at their bounds", async () => {
    const sessions = createSessionCache(t.changes, 60_000);
    const postCounts = createPostCountCache(t.changes);
    metrics.watch({ caches: { session: () => sessions.counts, post_count: postCounts.counts } });
    const userId = randomUUID();
    // 10,001 sessions, one over the bound; each holds 452 bytes as the cache counts them (a 200-byte
    // overhead, two bytes a character: an 11-character token, three UUIDs, "Ada" and "USER").
    for (let i = 0; i <= 10_000; i++) {
      const token = `token-${String(i).padStart(5, "0")}`;
      const session = { id: randomUUID(), userId, expiresAt: new Date(Date.now() + 60_000) };
      sessions.set(token, { session, user: { id: userId, name: "Ada", roles: ["USER"] } }, sessions.ticket());
    }
    // 1,001 counts, one over the bound; each key is 30 characters: 150 + 30 × 4 = 270 bytes.
    const filters = { search: "abcdefghijklmnopqr" };
    for (let i = 0; i <= 1_000; i++)
      postCounts.set(`search-${String(i).padStart(4, "0")}-abcdefghijklmnopqr`, filters, 5_000, postCounts.ticket());

    const text = await scrape();
    expect(samples(text, "posts_api_cache_evictions_total")).toEqual([
      { labels: '{cache="session"}', value: 1 },
      { labels: '{cache="post_count"}', value: 1 },
    ]);
    expect(samples(text, "posts_api_cache_entries")).toEqual([
      { labels: '{cache="session"}', value: 10_000 },
      { labels: '{cache="post_count"}', value: 1_000 },
    ]);
    expect(samples(text, "posts_api_cache_bytes")).toEqual([
      { labels: '{cache="session"}', value: 10_000 * 452 },
      { labels: '{cache="post_count"}', value: 1_000 * 270 },
    ]);
  });

  it("shows Redis unreachable once the rate limiters could not reach it", async () => {
    const app = await startApp({
      beside: t,
      env: { RATE_LIMIT_ENABLED: "true" },
      metrics,
      // Nothing listens on port 1: every connection attempt is refused.
      rateLimitStores: (logger) =>
        redisRateLimitStores({ url: "redis://127.0.0.1:1", prefix: `metrics-${randomUUID()}:`, logger }),
    });
    try {
      // Each instance then counts alone: the request is answered all the same.
      expect((await app.http.get("/api/posts?limit=1")).status).toBe(200);
      const text = await poll(scrape, (exposition) => valueOf(exposition, "posts_api_redis_up") === 0);
      expect(valueOf(text, "posts_api_redis_up")).toBe(0);
    } finally {
      await app.close();
    }
  });
});
