import { cleanUpAll, cleanUpOnExit } from "./cleanup.js";
import { withDatabase } from "./database.js";
import { type Load, type Measurement, measure, probe } from "./load.js";
import { describeMachine } from "./machine.js";
import { instancesRun } from "./instances.js";
import { loadOf, type Options, parseOptions, UsageError, USAGE } from "./options.js";
import { profileRun } from "./profile.js";
import { type Row, ratioOf, resultsTable, writeReport } from "./report.js";
import { scalingRun } from "./scaling.js";
import { type BaselineId, type RequestSpec, type ScenarioContext, scenarioIds, scenarios } from "./scenarios.js";
import { removeWrites } from "./seed.js";
import { baselineNames, createOwnPosts, type RunSettings, signUpBenchUser, startBaseline, startService } from "./service.js";
import { log, prepare, progress, runScenario, type ScenarioOutcome, scenarioLoad } from "./steps.js";

async function mainRun(options: Options): Promise<number> {
  const unknown = options.only?.filter((id) => !scenarioIds.includes(id)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown scenario ${unknown.join(", ")}; known: ${scenarioIds.join(", ")}`);
  const selected = scenarios.filter((scenario) => !options.only || options.only.includes(scenario.id));
  const load = loadOf(options);
  const prepared = await prepare(options.database, options.posts, options.serviceEnv);

  const service = await startService(prepared);
  log(`Service ready (node dist/main.js, NODE_ENV=production) at ${service.baseUrl}`);
  const user = await signUpBenchUser(service);
  await createOwnPosts(service, user, 5);
  const context: ScenarioContext = { baseUrl: service.baseUrl, user, seeded: prepared.seeded, cursorDepth: options.cursorDepth };
  const outcomes = new Map<string, ScenarioOutcome>();
  // Reads first; the write scenarios' rows are removed afterwards, so the baselines read the same data.
  const ordered = [...selected.filter((s) => !s.writes), ...selected.filter((s) => s.writes)];
  let writesSince: Date | undefined;
  for (const scenario of ordered) {
    if (scenario.writes) writesSince ??= new Date(Date.now() - 1_000);
    const outcome = await runScenario(service.baseUrl, scenario, context, load);
    progress(outcome.row);
    outcomes.set(scenario.id, outcome);
  }
  await service.stop();
  if (writesSince) await withDatabase(prepared.database, (db) => removeWrites(db, user.id, writesSince));

  // Each scenario with baselines, measured again in further rounds, alternately after and before
  // its baselines: a machine whose load drifts during the run then favours neither side.
  const compared = selected.filter((scenario) => scenario.baselines && outcomes.get(scenario.id)!.spec);
  const rounds = new Map(compared.map((scenario) => [scenario.id, [] as Round[]]));
  // Round 1 of the service is the pass above; later rounds restart it (same database, secret and cookie).
  const serviceRound = async (round: number) => {
    if (round === 1) return compared.map((scenario) => outcomes.get(scenario.id)!.row);
    const again = await startService(prepared);
    try {
      const rows: Row[] = [];
      for (const scenario of compared) rows.push(await measureAgain(again.baseUrl, outcomes.get(scenario.id)!, scenarioLoad(scenario, load)));
      return rows;
    } finally {
      await again.stop();
    }
  };
  const baselineRound = async () => {
    const rows: Row[][] = [];
    for (const scenario of compared) {
      const outcome = outcomes.get(scenario.id)!;
      const measured: Row[] = [];
      for (const id of scenario.baselines!) {
        const row = await runBaseline(id, prepared, outcome.spec!, scenarioLoad(scenario, load), outcome.firstBody);
        progress(row);
        measured.push(row);
      }
      rows.push(measured);
    }
    return rows;
  };
  for (let round = 1; compared.length > 0 && round <= options.rounds; round++) {
    if (round > 1) log(`Round ${round} of ${options.rounds}`);
    const baselinesFirst = round % 2 === 0;
    const before = baselinesFirst ? await baselineRound() : undefined;
    const service = await serviceRound(round);
    const baselines = before ?? (await baselineRound());
    compared.forEach((scenario, i) => rounds.get(scenario.id)!.push({ service: service[i]!, baselines: baselines[i]! }));
  }

  const baselineRows = new Map<string, Row[]>();
  for (const scenario of compared) {
    const measured = rounds.get(scenario.id)!;
    const outcome = outcomes.get(scenario.id)!;
    outcome.row = medianRow(measured.map((round) => round.service));
    outcome.row.ratio = scenario
      .baselines!.map((id, i) => ratioOverRounds(measured.map((round) => [round.service, round.baselines[i]!]), baselineNames[id](prepared.database.kind)))
      .filter(Boolean)
      .join(" · ");
    baselineRows.set(scenario.id, scenario.baselines!.map((_, i) => medianRow(measured.map((round) => round.baselines[i]!))));
  }

  const rows = selected.flatMap((scenario) => [outcomes.get(scenario.id)!.row, ...(baselineRows.get(scenario.id) ?? [])]);
  const table = resultsTable(rows);
  const machine = describeMachine(prepared.databaseDescription);
  const settings =
    `${options.posts.toLocaleString("en-US")} posts seeded; ` +
    (load.requestsPerConnection
      ? `${load.requestsPerConnection} requests on each connection per scenario, `
      : `${options.duration} s measured per scenario after ${options.warmup} s of warm-up, `) +
    `${options.connections} connections (fewer where marked); cursor scenario on page ${options.cursorDepth}.` +
    (options.rounds > 1
      ? ` Scenarios with a baseline: ${options.rounds} rounds, alternately before and after the baselines; each row is its median round, each ratio the median of the rounds' ratios (range in brackets).`
      : "") +
    (Object.keys(options.serviceEnv).length > 0
      ? ` Service environment changed: ${Object.entries(options.serviceEnv).map(([k, v]) => `${k}=${v}`).join(" ")}.`
      : "");
  console.log(`\n${table}\n\n${settings}\n${machine.join("\n")}`);
  if (options.out) {
    await writeReport({
      path: options.out,
      title: `Benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
      machine,
      sections: [{ heading: "Results", text: `${table}\n\n${settings}` }],
    });
    console.log(`Written to ${options.out}`);
  }

  const failures = rows.filter((row) => row.failed);
  if (failures.length > 0) {
    console.error(`\n${failures.length} scenario(s) had non-2xx answers, errors or failed checks: ${failures.map((r) => r.scenario).join("; ")}`);
    if (options.smoke) return 1;
  }
  return 0;
}

async function runBaseline(
  id: BaselineId,
  settings: RunSettings,
  spec: RequestSpec,
  load: Load,
  expected: string | undefined,
): Promise<Row> {
  const name = `baseline: ${baselineNames[id](settings.database.kind)}`;
  const server = await startBaseline(id, settings);
  log(`${name} ready`);
  try {
    const first = await probe(server.baseUrl, spec);
    let note: string | undefined;
    if (expected !== undefined && !sameJson(first.body, expected)) note = "answer differs from the service's";
    const measurement: Measurement = await measure(server.baseUrl, spec, load);
    if (measurement.requests === 0) note = "no request completed";
    const failed = note !== undefined || measurement.non2xx > 0 || measurement.errors > 0;
    return { scenario: name, measurement, note, failed };
  } finally {
    await server.stop();
  }
}

interface Round {
  service: Row;
  baselines: Row[];
}

/** The scenario measured once more on a restarted service, with the first round's request. */
async function measureAgain(baseUrl: string, outcome: ScenarioOutcome, load: Load): Promise<Row> {
  const first = outcome.row;
  const measurement = await measure(baseUrl, outcome.spec!, load);
  const row: Row = { scenario: first.scenario, measurement, failed: measurement.non2xx > 0 || measurement.errors > 0 };
  progress(row);
  return row;
}

/** The round with the median requests/s; a failure in any round fails the row. */
function medianRow(rows: Row[]): Row {
  const measured = rows.filter((row) => row.measurement).sort((a, b) => a.measurement!.requestsPerSecond - b.measurement!.requestsPerSecond);
  const median = measured[Math.floor((measured.length - 1) / 2)] ?? rows[0]!;
  const failedRow = rows.find((row) => row.failed);
  return { ...median, failed: failedRow !== undefined, note: failedRow?.note ?? median.note };
}

/** `0.87× name (0.80–0.91)`: the median of the same-round ratios, and their range over several rounds. */
function ratioOverRounds(pairs: [Row, Row][], name: string): string | undefined {
  const ratios = pairs
    .map(([service, baseline]) => ratioOf(service.measurement, baseline.measurement))
    .filter((ratio): ratio is number => ratio !== undefined)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return undefined;
  const median = ratios[Math.floor((ratios.length - 1) / 2)]!;
  const range = ratios.length > 1 ? ` (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})` : "";
  return `${median.toFixed(2)}× ${name}${range}`;
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  cleanUpOnExit();
  let code = 1;
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options.scaling) code = await scalingRun(options);
    else if (options.profile) code = await profileRun(options);
    else if (options.instances > 1) code = await instancesRun(options);
    else code = await mainRun(options);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
    } else {
      console.error(error);
    }
  } finally {
    await cleanUpAll();
  }
  process.exit(code);
}

await main();
