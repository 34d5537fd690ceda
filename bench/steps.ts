import { randomBytes } from "node:crypto";
import { type BenchDatabase, createBenchDatabase, describeDatabase, withDatabase } from "./database.js";
import { type Load, measure, probe, type Target } from "./load.js";
import type { Row } from "./report.js";
import { RouteMissing, type RequestSpec, type Scenario, type ScenarioContext } from "./scenarios.js";
import { type Seeded, seed } from "./seed.js";
import type { Server } from "./processes.js";
import { createOwnPosts, type RunSettings, seededUserCookies, signUpBenchUser } from "./service.js";

const started = performance.now();

/** A progress line, prefixed with the seconds since the benchmark started. */
export function log(message: string): void {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
}

export interface Prepared extends RunSettings {
  seeded: Seeded;
  databaseDescription: string;
}

/** A fresh database, migrated as the service migrates it and seeded with `posts` posts. */
export async function prepare(
  serverUrl: string | undefined,
  posts: number,
  serviceEnv: Record<string, string> = {},
): Promise<Prepared> {
  const database: BenchDatabase = await createBenchDatabase(serverUrl);
  const { seeded, databaseDescription } = await withDatabase(database, async (db) => {
    await db.migrate();
    const seeded = await seed(db, posts);
    return { seeded, databaseDescription: await describeDatabase(db) };
  });
  log(`Seeded ${posts.toLocaleString("en-US")} posts in ${seeded.seconds.toFixed(1)} s (${databaseDescription})`);
  return { database, seeded, databaseDescription, serviceEnv, secret: randomBytes(32).toString("base64url") };
}

/**
 * Signs the bench user up through `service` and gives it five posts of its own; returns what the
 * scenarios build their requests to that service from.
 */
export async function scenarioContext(
  service: Server,
  prepared: Prepared,
  cursorDepth: number,
): Promise<ScenarioContext> {
  const user = await signUpBenchUser(service);
  await createOwnPosts(service, user, 5);
  const userCookies = seededUserCookies(prepared, user);
  return { baseUrl: service.baseUrl, user, seeded: prepared.seeded, userCookies, cursorDepth };
}

export interface ScenarioOutcome {
  row: Row;
  spec?: RequestSpec;
  /** The service's first answer, which a baseline serving the same request must reproduce. */
  firstBody?: string;
}

/** Builds the scenario's request, checks the route answers, then loads it. */
export async function runScenario(
  target: Target,
  scenario: Scenario,
  context: ScenarioContext,
  load: Load,
): Promise<ScenarioOutcome> {
  const { connections, duration } = scenarioLoad(scenario, load);
  const label = [
    scenario.label,
    connections < load.connections ? `[${connections} conn.]` : "",
    duration > load.duration && !load.requestsPerConnection ? `[${duration} s]` : "",
  ]
    .filter(Boolean)
    .join(" ");
  let spec: RequestSpec;
  try {
    spec = await scenario.request(context);
  } catch (error) {
    if (error instanceof RouteMissing && scenario.mayBeMissing)
      return { row: { scenario: label, note: "n/a (route missing)" } };
    return { row: { scenario: label, note: `failed: ${(error as Error).message.slice(0, 200)}`, failed: true } };
  }
  const first = await probe(target.baseUrl, spec);
  if (first.status === 404 && scenario.mayBeMissing) return { row: { scenario: label, note: "n/a (route missing)" } };
  const measurement = await measure(target, spec, scenarioLoad(scenario, load));
  const failed = measurement.non2xx > 0 || measurement.errors > 0 || measurement.requests === 0;
  const note =
    first.status >= 300
      ? `first answer ${first.status}: ${first.body.slice(0, 120)}`
      : measurement.requests === 0
        ? "no request completed"
        : undefined;
  return { row: { scenario: label, measurement, note, failed }, spec, firstBody: first.body };
}

/** The run's load within the scenario's own bounds. */
export function scenarioLoad(scenario: Scenario, load: Load): Load {
  return {
    ...load,
    connections: Math.min(load.connections, scenario.maxConnections ?? Infinity),
    duration: Math.max(load.duration, scenario.minDuration ?? 0),
  };
}

export function progress(row: Row): void {
  const m = row.measurement;
  const figures = m
    ? `${Math.round(m.requestsPerSecond)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}, errors ${m.errors}` +
      (m.cpuUsPerRequest === undefined ? "" : `, CPU ${Math.round(m.cpuUsPerRequest)} µs/req`) +
      (m.rssAfter === undefined ? "" : `, RSS ${m.rssAfterWarmup ?? "?"} -> ${m.rssAfter} MB`)
    : row.note;
  log(`${row.scenario}: ${figures}${m && row.note ? ` (${row.note})` : ""}`);
}
