import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { redisRateLimitStores } from "../src/http/redis-rate-limit-stores.js";
import { CuttableProxy } from "./cuttable-proxy.js";
import { useTestApp } from "./harness.js";
import { poll } from "./poll.js";
import { REDIS_URL, redisAvailable } from "./redis.js";
import { startApp } from "./start-app.js";
import { loggedAt, longestPause, stallFigures, timed } from "./stall-figures.js";

// Two instances count one client's requests in Redis, reached through a proxy this test cuts and
// restores; Redis itself never stops. Runs where a Redis answers (CI sets TEST_REDIS_URL).

const redis = new URL(REDIS_URL);
const t = useTestApp();
const LIMIT = 4;
// How long requests are timed before Redis stalls, and while it stalls (long enough for several
// of the breaker's retries).
const NORMAL_MS = 5_000;
const STALL_MS = 30_000;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** An instance of the app on the test database, counting in Redis through `proxy`, with its own log. */
async function startInstance(proxy: CuttableProxy, prefix: string) {
  const app = await startApp({
    beside: t,
    // TRUST_PROXY: each phase of the test is a client of its own (X-Forwarded-For), with a fresh count.
    env: { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_GLOBAL: String(LIMIT), TRUST_PROXY: "true", LOG_LEVEL: "info" },
    rateLimitStores: (logger) => redisRateLimitStores({ url: `redis://127.0.0.1:${proxy.port}`, prefix, logger }),
  });
  closers.push(() => app.close());
  const get = async (client: string) => {
    // A request that hangs fails the test here instead of passing late.
    const res = await fetch(`${app.url}/api/posts`, {
      headers: { "x-forwarded-for": client },
      signal: AbortSignal.timeout(5_000),
    });
    return { status: res.status, body: await res.json() };
  };
  const logged = (start: string) => app.logs.filter((entry) => String(entry.message).startsWith(start));
  return { get, logged };
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
    const reachableAgain = () => [a, b].map((instance) => instance.logged("Redis is reachable again").length);
    expect(await poll(reachableAgain, (counts) => counts.every((count) => count === 1), { withinMs: 20_000 })).toEqual([
      1, 1,
    ]);
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

  it(
    "answers at its usual speed while Redis stalls: once an instance missed a deadline, no count waits on Redis",
    async () => {
      const proxy = new CuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      await proxy.open();
      closers.push(async () => proxy.cut());
      const a = await startInstance(proxy, `rl:stall-${randomUUID()}:`);
      const b = await startInstance(proxy, `rl:stall-${randomUUID()}:`);
      // A client address of its own for each request, so none meets the limit.
      let clients = 0;
      const request = () => {
        clients += 1;
        const instance = clients % 2 === 0 ? a : b;
        return timed(() => instance.get(`10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`));
      };
      const watch = async (ms: number) => {
        const seen = [];
        for (const end = performance.now() + ms; performance.now() < end;) seen.push(await request());
        return seen;
      };
      // Each instance's first count waits for its connection to Redis: not part of normal.
      expect([(await a.get("198.51.100.1")).status, (await b.get("198.51.100.1")).status]).toEqual([200, 200]);
      const pauses = longestPause();
      const normal = await watch(NORMAL_MS);
      expect([...new Set(normal.map(({ status }) => status))]).toEqual([200]);

      proxy.stall();
      const during = await watch(STALL_MS);
      expect([...new Set(during.map(({ status }) => status))]).toEqual([200]);
      for (const instance of [a, b]) expect(instance.logged("Redis is unreachable")).toHaveLength(1);
      // Once both instances missed a deadline, Redis is sent nothing but their health probes (PING):
      // no request's count went there, so none waited for it.
      const noticedAt = Math.max(...[a, b].map((instance) => loggedAt(instance.logged("Redis is unreachable")[0])));
      const sentAfter = proxy.dropped
        .filter((write) => write.at > noticedAt)
        .map(({ data }) => data.toString("latin1"));
      console.info(stallFigures("Redis", normal, during, noticedAt, pauses()));
      expect(sentAfter.filter((command) => !/^\*1\r\n\$4\r\nPING\r\n$/.test(command))).toEqual([]);
    },
    60_000 + NORMAL_MS + STALL_MS,
  );
});
