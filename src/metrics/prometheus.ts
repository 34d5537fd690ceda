import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { FinishedRequest } from "../http/finished-requests.js";
import { registerBuildAndMailMetrics } from "./build-and-mail.js";
import { serveMetrics } from "./server.js";
import type { ScrapedSources, ServiceMetrics } from "./sources.js";

// Methods the API serves; any other a client sends (HTTP allows any token) is one label value.
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// Seconds: from a cached read (about a millisecond) to the server's own request timeout (30 s).
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const ACQUIRE_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 3];
// A proof comes back within a millisecond or two on a healthy link; past the connect timeout (3 s
// by default) the listener gives the connection up, so nothing longer is observed.
const PROOF_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3];
// A scrape must not hang on a database that does not answer.
const PING_TIMEOUT_MS = 2_000;

/** The service's metrics in a prom-client registry of their own, with Node's defaults (heap, GC, event loop lag). */
export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  // Node samples the event loop's delay with a timer: prom-client's default, every 10 ms, cost an idle
  // process about 5 ms of CPU a second here (a 100 ms timer about 0.4), a twentieth of the CPU of the
  // 1,000-user reads at 150 requests/s. Sampled every 100 ms, any stall of 100 ms or more still shows.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  const registers = [registry];
  let sources: Partial<ScrapedSources> = {};

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by method, route template and status (live streams left out)",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route template and status (the readiness probe left out)",
    labelNames: ["method", "route", "status"],
    registers,
  });
  new Gauge({
    name: "http_requests_in_flight",
    help: "Requests being handled, live streams included",
    registers,
    collect() {
      this.set(sources.requestsInFlight?.() ?? 0);
    },
  });
  // labels() builds and checks a label object on every call; one child per label set does it once.
  const children = new Map<string, { duration: Histogram.Internal<string>; requests: Counter.Internal }>();
  const observeRequest = ({ req, res, route, probe, durationMs }: FinishedRequest) => {
    if (probe) return;
    const method = KNOWN_METHODS.has(req.method) ? req.method : "OTHER";
    const status = String(res.statusCode);
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = { duration: duration.labels(method, route, status), requests: requests.labels(method, route, status) };
      children.set(key, child);
    }
    child.requests.inc();
    // A live stream lasts minutes: it would make every latency quantile meaningless.
    if (!String(res.getHeader("content-type") ?? "").startsWith("text/event-stream"))
      child.duration.observe(durationMs / 1000);
  };

  const acquire = new Histogram({
    name: "posts_api_db_pool_acquire_seconds",
    help: "Time a query waited for a pooled database connection",
    labelNames: ["pool"],
    buckets: ACQUIRE_BUCKETS,
    registers,
  });
  const databaseErrors = new Counter({
    name: "posts_api_db_errors_total",
    help: "Database connections not obtained or dropped: acquire_timeout, connect_failed, query_timeout",
    labelNames: ["pool", "kind"],
    registers,
  });
  const reads = new Counter({
    name: "posts_api_db_reads_total",
    help: "With read replicas: reads a replica could answer, by where they were sent (replica, or primary: the request was pinned there, the replica was out of use, or it failed the read, which then counts on both)",
    labelNames: ["target"],
    registers,
  });
  const readsBy = { replica: reads.labels("replica"), primary: reads.labels("primary") };
  const proofs = new Histogram({
    name: "posts_api_change_feed_marker_round_trip_seconds",
    help: "Time from the change feed's listening connection sending a marker notification of its own (one every 200 ms) to hearing it back",
    buckets: PROOF_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: "posts_api_rate_limit_refusals_total",
    help: "Requests refused with 429, by limiter",
    labelNames: ["limiter"],
    registers,
  });
  registerScrapedMetrics(registers, () => sources);
  registerBuildAndMailMetrics(registers, () => sources);

  return {
    requests: observeRequest,
    pools: {
      acquired: (pool, seconds) => acquire.labels(pool).observe(seconds),
      failed: (pool, kind) => databaseErrors.labels(pool, kind).inc(),
      read: (target) => readsBy[target].inc(),
    },
    changeFeedProven: (seconds) => proofs.observe(seconds),
    rateLimitRefused: (limiter) => refusals.labels(limiter).inc(),
    watch: (more) => {
      sources = { ...sources, ...more };
      // Only an instance that uses Redis has the series: its absence cannot pass for an outage.
      if (sources.redisReachable?.() !== undefined && !registry.getSingleMetric(REDIS_UP))
        redisGauge(registers, () => sources);
    },
    listen: (port, host) => serveMetrics(registry, port, host),
  };
}

/** The gauges and counters read from the app's parts when Prometheus scrapes. */
function registerScrapedMetrics(registers: Registry[], current: () => Partial<ScrapedSources>): void {
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void | Promise<void>) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect: async function () {
        this.reset();
        await collect(this);
      },
    });
  // A count kept by the app as a plain number: the counter moves by what it grew since the last scrape.
  const counterOf = (
    name: string,
    help: string,
    labelNames: string[],
    read: () => [Record<string, string>, number][],
  ) => {
    const seen = new Map<string, number>();
    return new Counter({
      name,
      help,
      labelNames,
      registers,
      collect() {
        for (const [labels, value] of read()) {
          const key = JSON.stringify(labels);
          const grown = value - (seen.get(key) ?? 0);
          // By 0 too: a series present from the first scrape lets rate() see its first increase.
          if (grown >= 0) this.inc(labels, grown);
          seen.set(key, value);
        }
      },
    });
  };
  const caches = () => Object.entries(current().caches ?? {}).map(([cache, read]) => [cache, read()] as const);

  gauge(
    "posts_api_db_pool_connections",
    "Open database connections by pool and state (idle or in use)",
    ["pool", "state"],
    (g) => {
      for (const { pool, total, idle } of current().pools?.() ?? []) {
        g.set({ pool, state: "idle" }, idle);
        g.set({ pool, state: "used" }, total - idle);
      }
    },
  );
  gauge(
    "posts_api_db_replica_lag_seconds",
    "How far each read replica's replay was behind the primary at its last check; past DATABASE_REPLICA_MAX_LAG_MS its reads go to the primary",
    ["replica"],
    (g) => {
      for (const { replica, lagMs } of current().replicas?.() ?? [])
        if (lagMs !== undefined) g.set({ replica }, lagMs / 1000);
    },
  );
  gauge("posts_api_db_pool_waiting", "Queries waiting for a pooled connection", ["pool"], (g) => {
    for (const { pool, waiting } of current().pools?.() ?? []) g.set({ pool }, waiting);
  });
  gauge("posts_api_db_up", "1 when the database answered a trivial query during this scrape", [], async (g) => {
    const ping = current().pingDatabase;
    if (!ping) return;
    const answered = await Promise.race([
      ping().then(
        () => 1,
        () => 0,
      ),
      new Promise<number>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, 0).unref()),
    ]);
    g.set(answered);
  });
  gauge(
    "posts_api_change_feed_trusted",
    "1 while the change feed listens (caches on), 0 while it does not",
    [],
    (g) => {
      const feed = current().changeFeed;
      if (feed) g.set(feed.trusted() ? 1 : 0);
    },
  );
  gauge(
    "posts_api_change_feed_last_heard_age_seconds",
    "Seconds since the change feed last heard from the database (a change, a marker or a new connection)",
    [],
    (g) => {
      const heard = current().changeFeed?.lastHeardAt();
      if (heard !== undefined) g.set((Date.now() - heard) / 1000);
    },
  );
  counterOf(
    "posts_api_change_feed_reconnects_total",
    "Times the change feed listened again after losing its connection",
    [],
    () => {
      const feed = current().changeFeed;
      return feed ? [[{}, feed.reconnects()]] : [];
    },
  );
  counterOf("posts_api_cache_hits_total", "Reads answered from a cache", ["cache"], () =>
    caches().map(([cache, counts]) => [{ cache }, counts.hits]),
  );
  counterOf("posts_api_cache_misses_total", "Reads a cache could not answer (the database did)", ["cache"], () =>
    caches().map(([cache, counts]) => [{ cache }, counts.misses]),
  );
  counterOf(
    "posts_api_cache_evictions_total",
    "Entries dropped to keep a cache within its entry or byte bound",
    ["cache"],
    () => caches().map(([cache, counts]) => [{ cache }, counts.evictions]),
  );
  gauge("posts_api_cache_entries", "Entries held by a cache", ["cache"], (g) => {
    for (const [cache, counts] of caches()) g.set({ cache }, counts.entries);
  });
  gauge("posts_api_cache_bytes", "Estimated bytes held by a cache", ["cache"], (g) => {
    for (const [cache, counts] of caches()) g.set({ cache }, counts.bytes);
  });
  gauge("posts_api_notification_streams_open", "Live notification streams open", [], (g) => {
    const streams = current().streams;
    if (streams) g.set(streams.open());
  });
  counterOf("posts_api_notification_events_sent_total", "Notifications sent on live streams", [], () => {
    const streams = current().streams;
    return streams ? [[{}, streams.eventsSent()]] : [];
  });
}

const REDIS_UP = "posts_api_redis_up";

function redisGauge(registers: Registry[], current: () => Partial<ScrapedSources>): void {
  new Gauge({
    name: REDIS_UP,
    help: "1 while Redis answers the rate limiters, 0 while it does not (absent without Redis)",
    registers,
    collect() {
      this.set(current().redisReachable?.() ? 1 : 0);
    },
  });
}
