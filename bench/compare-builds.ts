// Two or more builds of the service (copies of dist/), or one build under two environments, measured
// alternately on one seeded database: requests/s, CPU µs/req, GC µs/req and heap KB allocated per
// request for each, and the median of each over the rounds. For telling whether a change helps on a
// machine too busy for throughput ratios: the heap allocated per request does not move with load.
//
//   npm run build && cp -r dist .dist-before    (then change the code)
//   npm run build && cp -r dist .dist-after
//   npx tsx bench/compare-builds.ts --database postgres://... --scenario users-read \
//     --rounds 5 --duration 6 .dist-before .dist-after
//   npx tsx bench/compare-builds.ts ... dist dist --env MAX_SEMI_SPACE_MB=16 --env MAX_SEMI_SPACE_MB=0
//
// `--env` applies to the build at its position (the first --env to the first build); `--node-flag`
// goes to every build (e.g. --node-flag=--import=./allocation-sampler.mjs).
import { parseArgs } from "node:util";
import { freePort } from "../test/ports.js";
import { cleanUpAll, cleanUpOnExit } from "./cleanup.js";
import { withDatabase } from "./database.js";
import { type Measurement, measure } from "./load.js";
import { HOST, type Server, startServer } from "./processes.js";
import { scenarios } from "./scenarios.js";
import { removeWrites } from "./seed.js";
import { npmStartCommand } from "./service.js";
import { prepare, type Prepared, scenarioContext } from "./steps.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    database: { type: "string" },
    scenario: { type: "string", default: "users-read" },
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "6" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    env: { type: "string", multiple: true, default: [] },
    "node-flag": { type: "string", multiple: true, default: [] },
  },
});
const scenario = scenarios.find((s) => s.id === values.scenario);
if (!scenario || positionals.length === 0) {
  console.error(`usage: npx tsx bench/compare-builds.ts [--database URL] [--scenario ID] DIST...`);
  process.exit(2);
}
cleanUpOnExit();

const variants = positionals.map((dist, i) => {
  const env = values.env[i] === undefined ? {} : Object.fromEntries([values.env[i].split("=", 2) as [string, string]]);
  return { dist, env, name: `${dist}${values.env[i] ? ` ${values.env[i]}` : ""}` };
});

/** A build started as `npm start` starts dist/main.js, with the benchmark's own settings. */
async function startBuild(prepared: Prepared, dist: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const start = npmStartCommand(env);
  const args = [
    ...values["node-flag"],
    ...start.nodeArgs.map((arg) => (arg === "dist/main.js" ? `${dist}/main.js` : arg)),
  ];
  return startServer({
    name: dist,
    args,
    port,
    databaseUrl: prepared.database.kind === "postgres" ? prepared.database.url : undefined,
    env: {
      ...start.env,
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: prepared.secret,
      BETTER_AUTH_URL: `http://${HOST}:${port}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_ENABLED: "false",
      DATABASE_URL: prepared.database.url,
      ...env,
    },
  });
}

const prepared = await prepare(values.database, 10_000);
const first = await startBuild(prepared, variants[0]!.dist, variants[0]!.env);
const context = await scenarioContext(first, prepared, 100);
const spec = await scenario.request(context);
await first.stop();

const load = {
  connections: Number(values.connections),
  duration: Number(values.duration),
  warmup: Number(values.warmup),
};
const results = new Map<string, Measurement[]>();
for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const variant of round % 2 === 1 ? variants : [...variants].reverse()) {
    const since = new Date(Date.now() - 1_000);
    const server = await startBuild(prepared, variant.dist, variant.env);
    const m = await measure(server, spec, load);
    await server.stop();
    if (scenario.writes) await withDatabase(prepared.database, (db) => removeWrites(db, context.user.id, since));
    results.set(variant.name, [...(results.get(variant.name) ?? []), m]);
    console.log(`round ${round}, ${variant.name}: ${describe(m)}`);
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
for (const [name, list] of results) {
  const of = (pick: (m: Measurement) => number | undefined) => median(list.map((m) => pick(m) ?? NaN));
  console.log(
    `median of ${list.length}, ${name}: ${Math.round(of((m) => m.requestsPerSecond))} req/s, ` +
      `CPU ${Math.round(of((m) => m.cpuUsPerRequest))} µs/req (+ db ${Math.round(of((m) => m.databaseCpuUsPerRequest))}), ` +
      `GC ${Math.round(of((m) => m.gcUsPerRequest))} µs/req, heap ${of((m) => m.allocatedKbPerRequest).toFixed(1)} KB/req ` +
      `(${of((m) => m.promotedKbPerRequest).toFixed(1)} promoted)`,
  );
}
await cleanUpAll();

function describe(m: Measurement): string {
  return (
    `${Math.round(m.requestsPerSecond)} req/s, p99 ${m.p99} ms, CPU ${Math.round(m.cpuUsPerRequest ?? NaN)} µs/req ` +
    `(+ db ${Math.round(m.databaseCpuUsPerRequest ?? NaN)}), GC ${Math.round(m.gcUsPerRequest ?? NaN)} µs/req, ` +
    `heap ${(m.allocatedKbPerRequest ?? NaN).toFixed(1)} KB/req (${(m.promotedKbPerRequest ?? NaN).toFixed(1)} promoted), non-2xx ${m.non2xx}, errors ${m.errors}`
  );
}
