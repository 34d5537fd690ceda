import { parseArgs } from "node:util";
import type { Load } from "./load.js";

export const USAGE = `npm run bench -- [options]

  --database postgres://...  run on a fresh database created on that server (dropped at the end);
                             without it, on an embedded PGlite data directory in a temp folder
  --posts N                  posts to seed (default 10000)
  --duration S               seconds measured per scenario (default 10)
  --connections N            concurrent connections per scenario (default 50)
  --warmup S                 seconds of unmeasured load before each scenario (default 2)
  --cursor-depth N           the cursor scenario reads the page reached after following next N-1 times (default 100)
  --only a,b                 run only these scenarios (ids below)
  --rate N                   send N requests/s in all instead of as many as the service answers: a
                             machine others load then gives CPU per request at the same pace
  --rounds N                 measure each scenario that has baselines N times, alternately before
                             and after them, and report medians (default 5; 1 with --smoke)
  --env KEY=VALUE            extra environment for the service, repeatable (e.g. LOG_LEVEL=http,
                             DATABASE_POOL_MAX=20; the pool size applies to the baselines too)
  --out [FILE]               also write the table as markdown (default bench/results/<date>.md)
  --scaling                  cursor page 1 vs 1,000 and search at 10k, 100k and 1M posts
  --sizes a,b                with --scaling: other post counts (default 10000,100000,1000000)
  --profile SCENARIO         CPU-profile the service (and its node:http baseline) on one scenario
                             into bench/results/profiles
  --sse                      with --database: N live notification streams on one instance, one
                             notification per user created through a second instance; delivered
                             count, delay percentiles and the first instance's RSS growth
  --sse-streams N            streams (and users) for --sse (default 2000)
  --instances 2              the read scenarios on one instance, then through HAProxy to two
                             (needs --database and haproxy): requests/s and the ratio
  --variants metrics,log     users-read (or --only's read scenarios) on the service as measured
                             (off) and with each variant (metrics: METRICS_PORT set and scraped;
                             log: LOG_LEVEL=http), alternating within --rounds: CPU/req and req/s
                             ratios to off
  --smoke                    every scenario and baseline once, briefly (1,000 posts, 4 connections,
                             5 requests on each, no warm-up), for CI: exits 1 on any non-2xx or error

Scenarios: health, posts-anon, posts-auth, users-read, users-mixed, post-by-id, post-create, sign-in, v2-page, v2-tags, v2-cursor, v2-search`;

export interface Options {
  database: string | undefined;
  posts: number;
  duration: number;
  connections: number;
  warmup: number;
  cursorDepth: number;
  only: string[] | undefined;
  rounds: number;
  /** --rate: requests per second over all connections; undefined: as fast as answered. */
  rate: number | undefined;
  serviceEnv: Record<string, string>;
  out: string | undefined;
  scaling: boolean;
  sizes: number[];
  profile: string | undefined;
  sse: boolean;
  sseStreams: number;
  smoke: boolean;
  /** --instances: how many instances behind the balancer (instances.ts); 1 runs the usual benchmark. */
  instances: number;
  /** --variants: the service with and without each of these (variants.ts). */
  variants: string[] | undefined;
  /** --smoke: requests per connection instead of a duration. */
  requestsPerConnection: number | undefined;
}

export function parseOptions(argv: string[]): Options {
  // `--out` may come without a file name: it then takes the dated default.
  const args = argv.flatMap((arg, i) =>
    arg === "--out" && (argv[i + 1] === undefined || argv[i + 1]!.startsWith("--")) ? [arg, defaultOut()] : [arg],
  );
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      database: { type: "string" },
      posts: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      warmup: { type: "string" },
      "cursor-depth": { type: "string" },
      only: { type: "string" },
      rounds: { type: "string" },
      rate: { type: "string" },
      env: { type: "string", multiple: true },
      out: { type: "string" },
      scaling: { type: "boolean", default: false },
      sizes: { type: "string" },
      profile: { type: "string" },
      sse: { type: "boolean", default: false },
      "sse-streams": { type: "string" },
      smoke: { type: "boolean", default: false },
      instances: { type: "string" },
      variants: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.database && !/^postgres(ql)?:\/\//.test(values.database)) {
    throw new UsageError("--database takes a postgres:// URL");
  }
  const smoke = values.smoke;
  return {
    database: values.database,
    posts: positive("posts", values.posts, smoke ? 1_000 : 10_000),
    duration: positive("duration", values.duration, smoke ? 1 : 10),
    connections: positive("connections", values.connections, smoke ? 4 : 50),
    // autocannon stops on its one-second tick, so any warm-up costs a whole second per scenario.
    warmup: nonNegative("warmup", values.warmup, smoke ? 0 : 2),
    cursorDepth: positive("cursor-depth", values["cursor-depth"], smoke ? 5 : 100),
    only: values.only?.split(",").map((id) => id.trim()),
    rounds: positive("rounds", values.rounds, smoke ? 1 : 5),
    rate: values.rate === undefined ? undefined : positive("rate", values.rate, 0),
    serviceEnv: Object.fromEntries(
      (values.env ?? []).map((pair) => {
        const eq = pair.indexOf("=");
        if (eq < 1) throw new UsageError(`--env takes KEY=VALUE, not ${pair}`);
        return [pair.slice(0, eq), pair.slice(eq + 1)];
      }),
    ),
    out: values.out,
    scaling: values.scaling,
    sizes: (values.sizes ?? "10000,100000,1000000").split(",").map((size) => positive("sizes", size, 0)),
    profile: values.profile,
    sse: values.sse,
    sseStreams: positive("sse-streams", values["sse-streams"], 2_000),
    smoke,
    instances: positive("instances", values.instances, 1),
    variants: values.variants?.split(",").map((id) => id.trim()),
    requestsPerConnection: smoke ? 5 : undefined,
  };
}

/** The load every scenario gets, before its own bounds (steps.ts, scenarioLoad). */
export function loadOf(options: Options): Load {
  const { connections, duration, warmup, requestsPerConnection, rate } = options;
  return { connections, duration, warmup, requestsPerConnection, rate };
}

export class UsageError extends Error {
  override name = "UsageError";
}

function defaultOut(): string {
  return `bench/results/${new Date().toISOString().slice(0, 10)}.md`;
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} must be a positive number`);
  return value;
}

function nonNegative(name: string, raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`--${name} must be zero or more`);
  return value;
}
