import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CuttableProxy } from "./cuttable-proxy.js";
import { adminQuery, withDatabase } from "./databases.js";
import { type Balancer, findHaproxy, startHaproxy } from "./haproxy.js";
import { buildApp, type Instance, send, startInstance } from "./instances.js";
import { poll } from "./poll.js";
import { freePortsIn } from "./ports.js";
import { type Prometheus, prometheusInstalled, type Sample, startPrometheus } from "./prometheus.js";

// A real Prometheus (Debian's) with deploy/prometheus/ scraping two instances of the built service
// behind HAProxy on one PostgreSQL database, as compose.yaml runs them; the second instance reaches
// the database through a proxy the test can cut.
const serverUrl = process.env.TEST_DATABASE_URL;
const missing = [findHaproxy() ? undefined : "haproxy", prometheusInstalled() ? undefined : "prometheus"].filter(
  Boolean,
);
// CI installs both (.ci/run): there a missing one fails the file instead of skipping it.
const skipReason = !serverUrl
  ? "needs TEST_DATABASE_URL (the instances share one PostgreSQL database)"
  : missing.length > 0 && process.env.CI !== "true"
    ? `${missing.join(" and ")} not installed (Debian: apt-get install ${missing.join(" ")})`
    : undefined;
if (skipReason) console.info(`Prometheus scraping two instances: skipped, ${skipReason}`);

const SCRAPE_SECONDS = 1;
const LISTED = 120;
const MISSING = 60;
// The histogram's bucket bounds, in seconds (src/metrics/prometheus.ts).
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

describe.skipIf(skipReason !== undefined)("Prometheus scraping two instances behind HAProxy", () => {
  const instances: Instance[] = [];
  let balancer: Balancer;
  let prometheus: Prometheus;
  let proxy: CuttableProxy;
  let databaseName: string | undefined;
  let metricsTargets: string[];

  beforeAll(async () => {
    buildApp();
    const [listenPort, statsPort, prometheusPort, ...ports] = await freePortsIn(7, 3700, 3799);
    databaseName = `posts_api_prom_${randomUUID().replaceAll("-", "")}`;
    const template = new URL(inject("templateDatabaseUrl")!).pathname.slice(1);
    await adminQuery(serverUrl!, `create database "${databaseName}" template "${template}"`);
    const target = new URL(serverUrl!);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(withDatabase(serverUrl!, databaseName));
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const env = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      BETTER_AUTH_URL: `http://127.0.0.1:${listenPort}`,
      DATABASE_POOL_MAX: "4",
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    };
    const [app1, metrics1, app2, metrics2] = ports as [number, number, number, number];
    metricsTargets = [`127.0.0.1:${metrics1}`, `127.0.0.1:${metrics2}`];
    instances.push(
      ...(await Promise.all([
        startInstance(app1, {
          ...env,
          DATABASE_URL: withDatabase(serverUrl!, databaseName),
          METRICS_PORT: `${metrics1}`,
        }),
        startInstance(app2, { ...env, DATABASE_URL: viaProxy.toString(), METRICS_PORT: `${metrics2}` }),
      ])),
    );
    balancer = await startHaproxy({
      listenPort: listenPort!,
      statsPort: statsPort!,
      instances: [instances[0]!.address, instances[1]!.address],
    });
    await Promise.all(["app1", "app2"].map((server) => balancer.waitUntilUp(server)));
    prometheus = await startPrometheus({
      port: prometheusPort!,
      dir: `/tmp/metrics/prometheus-${randomUUID()}`,
      targets: metricsTargets,
      scrapeSeconds: SCRAPE_SECONDS,
    });
  }, 180_000);

  afterAll(async () => {
    await prometheus?.stop();
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    proxy?.cut();
    if (databaseName) await adminQuery(serverUrl!, `drop database if exists "${databaseName}" with (force)`);
  });

  /** Asks Prometheus until `done` accepts its answer (a scrape or two away), for up to 30 s. */
  const answer = (expr: string, done: (samples: Sample[]) => boolean) =>
    poll(() => prometheus.query(expr), done, { withinMs: 30_000, everyMs: 250 });
  const byInstance = (samples: Sample[]) =>
    Object.fromEntries(samples.map((sample) => [sample.metric.instance, sample.value]));

  it("scrapes each instance on its own", async () => {
    const up = await answer(
      'up{job="posts-api"}',
      (samples) => samples.length === 2 && samples.every((s) => s.value === 1),
    );
    expect(byInstance(up)).toEqual({ [metricsTargets[0]!]: 1, [metricsTargets[1]!]: 1 });
  });

  it("answers the request rate by route and a p99 from what the load sent", async () => {
    let slowest = 0;
    const timed = async (path: string, status: number) => {
      const started = performance.now();
      const res = await send(balancer.url, "GET", path);
      slowest = Math.max(slowest, (performance.now() - started) / 1000);
      expect(res.status).toBe(status);
    };
    // A series is born with its first request: one of each, scraped, before the load, so that
    // rate() sees the load as an increase.
    await timed("/api/posts?limit=5", 200);
    await timed(`/api/posts/${randomUUID()}`, 404);
    await answer('http_requests_total{job="posts-api", route=~"/api/posts.*"}', (samples) => samples.length >= 2);
    // A short load through the balancer, ten requests at a time: listed posts and missing ones.
    const work = [
      ...Array.from({ length: LISTED }, () => () => timed("/api/posts?limit=5", 200)),
      ...Array.from({ length: MISSING }, () => () => timed(`/api/posts/${randomUUID()}`, 404)),
    ];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let job = work.shift(); job; job = work.shift()) await job();
      }),
    );

    // Exactly what was sent, summed over both instances, by route template and status.
    const totals = await answer(
      'sum by (route, status) (http_requests_total{job="posts-api", route=~"/api/posts.*"})',
      (samples) => samples.reduce((sum, s) => sum + s.value, 0) === LISTED + MISSING + 2,
    );
    expect(totals.map((s) => [s.metric.route, s.metric.status, s.value]).sort()).toEqual([
      ["/api/posts", "200", LISTED + 1],
      ["/api/posts/:id", "404", MISSING + 1],
    ]);
    // Both instances took a share: the balancer spreads requests without a session.
    const perInstance = await prometheus.query(
      'sum by (instance) (http_requests_total{job="posts-api", route="/api/posts"})',
    );
    expect(perInstance).toHaveLength(2);

    const rates = await answer(
      'sum by (route) (rate(http_requests_total{job="posts-api", route=~"/api/posts.*"}[1m]))',
      (samples) => samples.length === 2 && samples.every((sample) => sample.value > 0),
    );
    for (const rate of rates) expect(rate.value).toBeGreaterThan(0);

    const [p99] = await prometheus.query(
      'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="posts-api", route="/api/posts"}[1m])))',
    );
    // No request took longer inside an instance than the client waited for it: the p99 lies below
    // the first bucket bound above the slowest answer the client saw.
    const bound = BUCKETS.find((le) => le >= slowest) ?? Infinity;
    expect(p99!.value).toBeGreaterThan(0);
    expect(p99!.value).toBeLessThanOrEqual(bound);
  });

  it("shows the change feed untrusted on the instance whose listener is cut, and trusted again after", async () => {
    const trusted = 'posts_api_change_feed_trusted{job="posts-api"}';
    const [app1, app2] = metricsTargets as [string, string];
    expect(byInstance(await answer(trusted, (s) => s.length === 2))).toEqual({ [app1]: 1, [app2]: 1 });
    proxy.cut();
    try {
      const cut = await answer(trusted, (s) => byInstance(s)[app2] === 0);
      expect(byInstance(cut)).toEqual({ [app1]: 1, [app2]: 0 });
      // Its database is out of reach too: the same cut took its pool's connections.
      expect(byInstance(await answer('posts_api_db_up{job="posts-api"}', (s) => byInstance(s)[app2] === 0))).toEqual({
        [app1]: 1,
        [app2]: 0,
      });
    } finally {
      await proxy.open();
    }
    expect(byInstance(await answer(trusted, (s) => byInstance(s)[app2] === 1))).toEqual({ [app1]: 1, [app2]: 1 });
    const [reconnects] = await answer(
      'posts_api_change_feed_reconnects_total{job="posts-api", instance="' + app2 + '"}',
      (s) => s[0]?.value === 1,
    );
    expect(reconnects?.value).toBe(1);
  });
});
