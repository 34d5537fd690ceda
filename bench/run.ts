import { setTimeout as sleep } from "node:timers/promises";
import { cleanUpAll, cleanUpOnExit } from "./cleanup.js";
import { withDatabase } from "./database.js";
import { describeMachine } from "./machine.js";
import { instancesRun } from "./instances.js";
import { loadOf, type Options, parseOptions, UsageError, USAGE } from "./options.js";
import { profileRun } from "./profile.js";
import { resultsTable, writeReport } from "./report.js";
import { compareRounds } from "./rounds.js";
import { scalingRun } from "./scaling.js";
import { sseRun } from "./sse.js";
import { variantsRun } from "./variants.js";
import { scenarioIds, scenarios } from "./scenarios.js";
import { removeWrites } from "./seed.js";
import { startService } from "./service.js";
import { log, prepare, progress, runScenario, scenarioContext, type ScenarioOutcome } from "./steps.js";

async function mainRun(options: Options): Promise<number> {
  const unknown = options.only?.filter((id) => !scenarioIds.includes(id)) ?? [];
  if (unknown.length > 0)
    throw new UsageError(`unknown scenario ${unknown.join(", ")}; known: ${scenarioIds.join(", ")}`);
  const selected = scenarios.filter((scenario) => !options.only || options.only.includes(scenario.id));
  const load = loadOf(options);
  const prepared = await prepare(options.database, options.posts, options.serviceEnv);

  const service = await startService(prepared);
  // Read as docs/container.md measures it: 2 s after the service first answers, once start-up's
  // garbage is collected.
  await sleep(2_000);
  const rssAtStart = service.rssMb();
  log(`Service ready (as npm start runs it, NODE_ENV=production) at ${service.baseUrl}, RSS ${rssAtStart ?? "?"} MB`);
  const context = await scenarioContext(service, prepared, options.cursorDepth);
  const { user } = context;
  const outcomes = new Map<string, ScenarioOutcome>();
  // Reads first; the write scenarios' rows are removed afterwards, so the baselines read the same data.
  const ordered = [...selected.filter((s) => !s.writes), ...selected.filter((s) => s.writes)];
  let writesSince: Date | undefined;
  for (const scenario of ordered) {
    if (scenario.writes) writesSince ??= new Date(Date.now() - 1_000);
    const outcome = await runScenario(service, scenario, context, load);
    progress(outcome.row);
    outcomes.set(scenario.id, outcome);
  }
  await service.stop();
  if (writesSince) await withDatabase(prepared.database, (db) => removeWrites(db, user.id, writesSince));

  const compared = selected.filter((scenario) => scenario.baselines && outcomes.get(scenario.id)!.spec);
  const { serviceRows, baselineRows } = await compareRounds(compared, outcomes, prepared, load, options, user.id);
  const rows = selected.flatMap((scenario) => [
    serviceRows.get(scenario.id) ?? outcomes.get(scenario.id)!.row,
    ...(baselineRows.get(scenario.id) ?? []),
  ]);
  const table = resultsTable(rows);
  const machine = describeMachine(prepared.databaseDescription);
  const settings =
    `${options.posts.toLocaleString("en-US")} posts and ${prepared.seeded.sessionTokens.length.toLocaleString("en-US")} users with a session seeded; ` +
    (load.requestsPerConnection
      ? `${load.requestsPerConnection} requests on each connection per scenario, `
      : `${options.duration} s measured per scenario after ${options.warmup} s of warm-up, `) +
    `${options.connections} connections (fewer where marked)${load.rate ? `, ${load.rate} requests/s in all` : ""}; cursor scenario on page ${options.cursorDepth}.` +
    ` Service RSS after start: ${rssAtStart ?? "?"} MB; the RSS column is each process's after the warm-up and after the measured run.` +
    (options.rounds > 1
      ? ` Scenarios with a baseline: ${options.rounds} rounds, alternately before and after the baselines; each row is its median round, each ratio the median of the rounds' ratios (range in brackets), p99 the median of the rounds' p99 ratios.`
      : "") +
    (Object.keys(options.serviceEnv).length > 0
      ? ` Service environment changed: ${Object.entries(options.serviceEnv)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")}.`
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
    console.error(
      `\n${failures.length} scenario(s) had non-2xx answers, errors or failed checks: ${failures.map((r) => r.scenario).join("; ")}`,
    );
    if (options.smoke) return 1;
  }
  return 0;
}

async function main(): Promise<void> {
  cleanUpOnExit();
  let code = 1;
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options.scaling) code = await scalingRun(options);
    else if (options.profile) code = await profileRun(options);
    else if (options.sse) code = await sseRun(options);
    else if (options.instances > 1) code = await instancesRun(options);
    else if (options.variants) code = await variantsRun(options);
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
