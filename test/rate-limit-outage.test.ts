import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { redisRateLimitStores } from "../src/http/rate-limit.js";
import { createLogger } from "../src/logging/logger.js";
import { CuttableProxy } from "./cuttable-proxy.js";
import { MemoryTransport, useTestApp } from "./harness.js";
import { REDIS_URL, redisAvailable } from "./redis.js";

// Two instances count one client's requests in Redis, reached through a proxy this test cuts and
// restores; Redis itself never stops. Runs where a Redis answers (CI sets TEST_REDIS_URL).

const redis = new URL(REDIS_URL);
const t = useTestApp();
const LIMIT = 4;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** An instance of the app on the test database, counting in Redis through `proxy`, with its own log. */
async function startInstance(proxy: CuttableProxy, prefix: string) {
  // TRUST_PROXY: each phase of the test is a client of its own (X-Forwarded-For), with a fresh count.
  const env = { NODE_ENV: "test", RATE_LIMIT_ENABLED: "true", RATE_LIMIT_GLOBAL: String(LIMIT), TRUST_PROXY: "true" };
  const config = loadConfig({ ...env, DATABASE_URL: "pglite:memory", LOG_LEVEL: "info" });
  const transport = new MemoryTransport();
  const logger = createLogger(config, transport);
  const stores = redisRateLimitStores({ url: `redis://127.0.0.1:${proxy.port}`, prefix, logger });
  const server: Server = createApp({
    config,
    database: t.database,
    auth: t.auth,
    logger,
    mailer: t.mailer,
    rateLimitStores: stores,
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(
    () => stores.close(),
    () => new Promise((resolve) => server.close(resolve)),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (client: string) => {
    // A request that hangs fails the test here instead of passing late.
    const res = await fetch(`${base}/api/posts`, {
      headers: { "x-forwarded-for": client },
      signal: AbortSignal.timeout(5_000),
    });
    return { status: res.status, body: await res.json() };
  };
  const logged = (start: string) => transport.entries.filter((entry) => String(entry.message).startsWith(start));
  return { get, logged };
}

async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(condition()).toBe(true);
}

describe.skipIf(!redisAvailable)("rate limits while Redis is unreachable", () => {
  it("go on answering, counted by each instance alone with one warning, and share the count again once Redis returns", async () => {
    const proxy = new CuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    await proxy.open();
    closers.push(async () => proxy.cut());
    const prefix = `rl:outage-${randomUUID()}:`;
    const a = await startInstance(proxy, prefix);
    const b = await startInstance(proxy, prefix);
    const statuses = async (...steps: [typeof a, string][]) => {
      const seen: number[] = [];
      for (const [instance, client] of steps) seen.push((await instance.get(client)).status);
      return seen;
    };

    // Shared: the two instances together allow LIMIT requests of one client.
    expect(
      await statuses([a, "192.0.2.1"], [b, "192.0.2.1"], [a, "192.0.2.1"], [b, "192.0.2.1"], [a, "192.0.2.1"]),
    ).toEqual([200, 200, 200, 200, 429]);

    proxy.cut();
    // Each instance now allows LIMIT requests of a client on its own, and still refuses the next.
    const duringCut = await statuses(...Array.from({ length: LIMIT + 1 }, (): [typeof a, string] => [a, "192.0.2.2"]));
    expect(duringCut).toEqual([200, 200, 200, 200, 429]);
    expect(await statuses(...Array.from({ length: LIMIT + 1 }, (): [typeof a, string] => [b, "192.0.2.2"]))).toEqual([
      200, 200, 200, 200, 429,
    ]);
    expect((await a.get("192.0.2.2")).body).toEqual({
      error: "Too many requests, try again later",
      code: "rate_limited",
    });
    for (const instance of [a, b]) expect(instance.logged("Redis is unreachable")).toHaveLength(1);
    expect(a.logged("Redis is unreachable")[0]).toMatchObject({ level: "warn" });

    await proxy.open();
    await until(
      () => a.logged("Redis is reachable again").length === 1 && b.logged("Redis is reachable again").length === 1,
    );
    expect(
      await statuses([a, "192.0.2.3"], [b, "192.0.2.3"], [a, "192.0.2.3"], [b, "192.0.2.3"], [b, "192.0.2.3"]),
    ).toEqual([200, 200, 200, 200, 429]);
    // What each instance counted alone is not forgotten: the client stays refused for the window.
    expect(await statuses([a, "192.0.2.2"], [b, "192.0.2.2"])).toEqual([429, 429]);
    for (const instance of [a, b]) expect(instance.logged("Redis is unreachable")).toHaveLength(1);

    const client = await createClient({ url: REDIS_URL }).connect();
    try {
      expect(Number(await client.get(`${prefix}global:192.0.2.3`))).toBe(5);
      await client.del(await client.keys(`${prefix}*`));
    } finally {
      client.destroy();
    }
  }, 60_000);

  it("answers at its usual speed while Redis stalls: one miss per instance, then counted alone until a retry", async () => {
    const proxy = new CuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    await proxy.open();
    closers.push(async () => proxy.cut());
    const a = await startInstance(proxy, `rl:stall-${randomUUID()}:`);
    const b = await startInstance(proxy, `rl:stall-${randomUUID()}:`);
    expect([(await a.get("198.51.100.1")).status, (await b.get("198.51.100.1")).status]).toEqual([200, 200]);

    proxy.stall();
    const during: { status: number; ms: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const start = performance.now();
      const { status } = await (i % 2 === 0 ? a : b).get(`198.51.100.${10 + i}`);
      during.push({ status, ms: performance.now() - start });
    }
    expect([...new Set(during.map((request) => request.status))]).toEqual([200]);
    // Redis was asked once per instance, and once more at most after the breaker's wait: not per request.
    expect(proxy.droppedWrites).toBeLessThanOrEqual(4);
    for (const instance of [a, b]) expect(instance.logged("Redis is unreachable")).toHaveLength(1);
    const slowest = Math.round(Math.max(...during.map((request) => request.ms)));
    console.info(`stalled Redis: slowest of ${during.length} requests ${slowest} ms`);
  }, 60_000);
});
