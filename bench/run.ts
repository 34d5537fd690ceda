import { cleanUpAll, cleanUpOnExit } from "./cleanup.js";
import { withDatabase } from "./database.js";
import { type Load, type Measurement, measure, probe } from "./load.js";
import { describeMachine } from "./machine.js";
import { type Options, parseOptions, UsageError, USAGE } from "./options.js";
import { profileRun } from "./profile.js";
import { type Row, ratioText, resultsTable, writeReport } from "./report.js";
import { scalingRun } from "./scaling.js";
import { type BaselineId, type RequestSpec, type ScenarioContext, scenarioIds, scenarios } from "./scenarios.js";
import { removeWrites } from "./seed.js";
import { baselineNames, createOwnPosts, type RunSettings, signUpBenchUser, startBaseline, startService } from "./service.js";
import { log, prepare, progress, runScenario, type ScenarioOutcome } from "./steps.js";

async function mainRun(options: Options): Promise<number> {
  const unknown = options.only?.filter((id) => !scenarioIds.includes(id)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown scenario ${unknown.join(", ")}; known: ${scenarioIds.join(", ")}`);
  const selected = scenarios.filter((scenario) => !options.only || options.only.includes(scenario.id));
  const load: Load = { connections: options.connections, duration: options.duration, warmup: options.warmup };
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

  const baselineRows = new Map<string, Row[]>();
  for (const scenario of selected) {
    const outcome = outcomes.get(scenario.id)!;
    if (!outcome.spec || !scenario.baselines) continue;
    const rows: Row[] = [];
    const ratios: string[] = [];
    for (const id of scenario.baselines) {
      const row = await runBaseline(id, prepared, outcome.spec, load, outcome.firstBody);
      progress(row);
      rows.push(row);
      const ratio = ratioText(outcome.row.measurement, row.measurement, baselineNames[id](prepared.database.kind));
      if (ratio) ratios.push(ratio);
    }
    outcome.row.ratio = ratios.join(" · ");
    baselineRows.set(scenario.id, rows);
  }

  const rows = selected.flatMap((scenario) => [outcomes.get(scenario.id)!.row, ...(baselineRows.get(scenario.id) ?? [])]);
  const table = resultsTable(rows);
  const machine = describeMachine(prepared.databaseDescription);
  const settings =
    `${options.posts.toLocaleString("en-US")} posts seeded; ${options.duration} s measured per scenario after ${options.warmup} s of warm-up, ` +
    `${options.connections} connections (fewer where marked); cursor scenario on page ${options.cursorDepth}.` +
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
