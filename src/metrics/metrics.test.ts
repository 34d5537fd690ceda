import { execFileSync } from "node:child_process";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.js";
import { redisRateLimitStores } from "../http/redis-rate-limit-stores.js";
import { samples } from "../../test/exposition.js";
import { signUp } from "../../test/factories.js";
import { useStartedApp, useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { createServiceMetrics } from "./prometheus.js";

const t = useTestApp();

/** Debian's promtool, when installed: Prometheus' own parser of the exposition format. */
const promtool = ["promtool", "/usr/bin/promtool"].find((candidate) => {
  try {
    execFileSync(candidate, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
});

/** One request with any method and headers, over a fresh connection; resolves with the status. */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("metrics on their own port", () => {
  const metrics = createServiceMetrics();
  // Services of its own: on PostgreSQL a pool that reports to the metrics, as main.ts's does.
  const instance = useStartedApp(() => ({ beside: t, ownServices: true, metrics }));
  const ownPool = () => instance.database !== t.database;
  let port: number;
  let metricsPort: number;
  let closeMetrics: () => Promise<void>;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    port = (instance.server.address() as AddressInfo).port;
    const listening = await metrics.listen(0, "127.0.0.1");
    metricsPort = listening.port;
    closeMetrics = () => listening.close();
  });
  afterAll(() => closeMetrics?.());

  it("answers /metrics on the metrics port only: the public port's is a 404", async () => {
    const res = await instance.http.get("/metrics");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Endpoint not found", code: "not_found", endpoint: "GET /metrics" });
    const other = await fetch(`http://127.0.0.1:${metricsPort}/api/posts`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: "Not found", code: "not_found" });
  });

  it("counts requests by route template, method and status, and times them", async () => {
    const user = await signUp(t);
    const ids = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
    for (const id of ids)
      expect((await instance.http.get(`/api/posts/${id}`).set("Cookie", user.cookie)).status).toBe(404);
    expect((await instance.http.get("/api/posts?limit=1")).status).toBe(200);
    const text = await scrape();
    expect(samples(text, "http_requests_total")).toEqual(
      expect.arrayContaining([
        { labels: '{method="GET",route="/api/posts/:id",status="404"}', value: 2 },
        { labels: '{method="GET",route="/api/posts",status="200"}', value: 1 },
      ]),
    );
    expect(samples(text, "http_request_duration_seconds_count")).toContainEqual({
      labels: '{method="GET",route="/api/posts/:id",status="404"}',
      value: 2,
    });
    expect(text).not.toContain(ids[0]);
    // Node's defaults, as Prometheus expects them from a Node process.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("keeps the label sets bounded whatever the paths, methods and headers", async () => {
    const random = () => randomBytes(6).toString("hex");
    const oneOfEach = async () => {
      expect(await rawRequest(port, "GET", `/api/${random()}/${random()}?${random()}=1`)).toBe(404);
      expect(await rawRequest(port, "PURGE", `/${random()}`)).toBe(404);
      expect(await rawRequest(port, "PROPFIND", `/api/posts/${random()}`)).toBe(404);
      expect(await rawRequest(port, "GET", `/api/posts`, { "user-agent": "x".repeat(12_000) })).toBe(200);
      expect(await rawRequest(port, "GET", `/api/%E0%A4%A/${random()}`)).toBe(404);
    };
    await oneOfEach();
    const series = async () => {
      const text = await scrape();
      return [
        samples(text, "http_requests_total").length,
        samples(text, "http_request_duration_seconds_bucket").length,
      ];
    };
    const before = await series();
    for (let round = 0; round < 40; round++) await oneOfEach();
    expect(await series()).toEqual(before);
    const methods = new Set(
      samples(await scrape(), "http_requests_total").map((s) => /method="([^"]*)"/.exec(s.labels)![1]),
    );
    expect([...methods].sort()).toEqual(["GET", "OTHER"]);
  });

  it("leaves the readiness probe out, and labels better-auth's endpoints by path, any other auth path as one", async () => {
    for (let probe = 0; probe < 3; probe++) expect((await instance.http.get("/ready")).status).toBe(200);
    const signIn = await instance.http
      .post("/api/auth/sign-in/email")
      .set("Origin", t.config.authUrl)
      .send({ email: "nobody@example.com", password: "wrong password" });
    expect(signIn.status).toBe(401);
    for (const path of ["x", "y"])
      expect((await instance.http.get(`/api/auth/${path}-${randomBytes(4).toString("hex")}`)).status).toBe(404);
    const counted = samples(await scrape(), "http_requests_total");
    expect(counted.filter((sample) => sample.labels.includes('route="/ready"'))).toEqual([]);
    expect(counted).toEqual(
      expect.arrayContaining([
        { labels: '{method="POST",route="/api/auth/sign-in/email",status="401"}', value: 1 },
        { labels: '{method="GET",route="/api/auth/*",status="404"}', value: 2 },
      ]),
    );
  });

  it("reports the build and the mail queue: pending, failed, and the age of the oldest pending", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const queued = (minutesAgo: number, status: string) => ({
      kind: "reset-password",
      recipient: "someone@example.com",
      messageId: `<${randomBytes(8).toString("hex")}@posts.test>`,
      status,
      // Not due: no worker takes them during the test.
      nextAttemptAt: later,
      expiresAt: later,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await t.database.db.insert(mailOutbox).values([queued(10, "pending"), queued(1, "pending"), queued(30, "failed")]);
    const text = await scrape();
    expect(samples(text, "posts_api_mail_queue_messages")).toEqual([
      { labels: '{status="pending"}', value: 2 },
      { labels: '{status="failed"}', value: 1 },
    ]);
    const [oldest] = samples(text, "posts_api_mail_queue_oldest_pending_age_seconds");
    expect(oldest!.value).toBeGreaterThanOrEqual(600);
    expect(oldest!.value).toBeLessThan(1_800);
    expect(samples(text, "posts_api_build_info")).toEqual([
      { labels: `{version="1.0.0",node_version="${process.versions.node}"}`, value: 1 },
    ]);
  });

  it("reports the session cache, the change feed and the database", async () => {
    const user = await signUp(t);
    for (let i = 0; i < 3; i++)
      expect((await instance.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
    const text = await scrape();
    const [hits] = samples(text, "posts_api_cache_hits_total").filter((s) => s.labels === '{cache="session"}');
    expect(hits?.value).toBeGreaterThanOrEqual(2);
    expect(samples(text, "posts_api_cache_entries").map((s) => s.labels)).toEqual([
      '{cache="session"}',
      '{cache="post_count"}',
    ]);
    expect(samples(text, "posts_api_change_feed_trusted")).toEqual([{ labels: "", value: 1 }]);
    expect(samples(text, "posts_api_db_up")).toEqual([{ labels: "", value: 1 }]);
    expect(samples(text, "http_requests_in_flight")).toEqual([{ labels: "", value: 0 }]);
    // No Redis here: no series that could pass for an outage.
    expect(samples(text, "posts_api_redis_up")).toEqual([]);
    if (ownPool()) {
      expect(samples(text, "posts_api_db_pool_acquire_seconds_count")[0]?.value).toBeGreaterThan(0);
      expect(samples(text, "posts_api_db_pool_connections").map((s) => s.labels)).toEqual([
        '{pool="primary",state="idle"}',
        '{pool="primary",state="used"}',
      ]);
      expect(samples(text, "posts_api_db_pool_waiting")).toEqual([{ labels: '{pool="primary"}', value: 0 }]);
    }
  });

  it("counts live streams open and the notifications they sent, and times none of them", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const res = await fetch(`http://127.0.0.1:${port}/api/v2/notifications/`, {
      headers: { cookie: user.cookie, accept: "text/event-stream" },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const sent = await t.http
      .post("/api/v2/notifications/")
      .set("Cookie", admin.cookie)
      .send({ userId: user.id, message: "Counted" });
    expect(sent.status).toBe(201);
    let text = "";
    while (!text.includes("event: notification")) text += new TextDecoder().decode((await reader.read()).value);
    const during = await scrape();
    expect(samples(during, "posts_api_notification_streams_open")).toEqual([{ labels: "", value: 1 }]);
    expect(samples(during, "posts_api_notification_events_sent_total")).toEqual([{ labels: "", value: 1 }]);
    expect(samples(during, "http_requests_in_flight")).toEqual([{ labels: "", value: 1 }]);
    await reader.cancel();
    const streamSeries = '{method="GET",route="/api/v2/notifications/",status="200"}';
    const after = await poll(scrape, (exposition) =>
      samples(exposition, "http_requests_total").some((sample) => sample.labels === streamSeries),
    );
    expect(samples(after, "posts_api_notification_streams_open")).toEqual([{ labels: "", value: 0 }]);
    expect(samples(after, "http_requests_total")).toContainEqual({ labels: streamSeries, value: 1 });
    expect(samples(after, "http_request_duration_seconds_count").map((sample) => sample.labels)).not.toContain(
      streamSeries,
    );
  });

  it.skipIf(!promtool && process.env.CI !== "true")(
    "writes an exposition Prometheus parses (promtool check metrics)",
    async () => {
      const text = await scrape();
      // promtool exits 1 on a parse error ("error while linting") and on naming remarks alike: only
      // prom-client's own Node gauges named *_total may be remarked on, none of the service's.
      let remarks = "";
      try {
        execFileSync(promtool ?? "promtool", ["check", "metrics"], { input: text, stdio: "pipe" });
      } catch (error) {
        remarks = String((error as { stderr?: Buffer }).stderr ?? error);
      }
      expect(remarks).not.toContain("error while linting");
      const lines = remarks.split("\n").filter(Boolean);
      expect(lines.filter((line) => !/^nodejs_active_\w+_total non-counter metrics/.test(line))).toEqual([]);
    },
  );
});

describe("rate-limit metrics", () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  const metrics = createServiceMetrics();
  const limited = useStartedApp(() => ({
    beside: t,
    env: { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_GLOBAL: "2" },
    metrics,
    rateLimitStores: redisUrl
      ? (logger) => redisRateLimitStores({ url: redisUrl, prefix: `metrics-${randomUUID()}:`, logger })
      : undefined,
  }));
  let metricsPort: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const listening = await metrics.listen(0, "127.0.0.1");
    metricsPort = listening.port;
    close = () => listening.close();
  });
  afterAll(() => close?.());

  it("counts refusals by limiter", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.http.get("/api/posts?limit=1")).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(samples(text, "posts_api_rate_limit_refusals_total")).toEqual([{ labels: '{limiter="global"}', value: 3 }]);
    expect(samples(text, "http_requests_total")).toContainEqual({
      labels: '{method="GET",route="unmatched",status="429"}',
      value: 3,
    });
    // Redis answered the counts: reachable.
    if (redisUrl) expect(samples(text, "posts_api_redis_up")).toEqual([{ labels: "", value: 1 }]);
  });
});
