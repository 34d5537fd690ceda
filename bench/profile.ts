import { mkdir, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { withDatabase } from "./database.js";
import { type Measurement, measure } from "./load.js";
import type { Options } from "./options.js";
import { REPO_ROOT } from "./processes.js";
import { markdownTable } from "./report.js";
import { log, prepare, progress, runScenario, scenarioContext } from "./steps.js";
import { scenarioIds, scenarios } from "./scenarios.js";
import { removeWrites } from "./seed.js";
import { summarizeProfile } from "./profile-summary.js";
import { baselineNames, PROFILE_DIR, startBaseline, startService } from "./service.js";
import { loadOf, UsageError } from "./options.js";

/**
 * `--profile SCENARIO`: the service runs under `--cpu-prof` for that scenario only; when the
 * scenario has a baseline, the first one is profiled the same way, so the two can be compared.
 */
export async function profileRun(options: Options): Promise<number> {
  const scenario = scenarios.find((s) => s.id === options.profile);
  if (!scenario) throw new UsageError(`unknown scenario ${options.profile}; known: ${scenarioIds.join(", ")}`);
  const load = loadOf(options);
  const prepared = await prepare(options.database, options.posts, options.serviceEnv);
  const dir = join(REPO_ROOT, PROFILE_DIR);
  await mkdir(dir, { recursive: true });

  let since = Date.now();
  const service = await startService({ ...prepared, profile: true });
  const context = await scenarioContext(service, prepared, options.cursorDepth);
  const { user } = context;
  const writesSince = new Date(Date.now() - 1_000);
  const outcome = await runScenario(service, scenario, context, load);
  progress(outcome.row);
  // SIGTERM: the service shuts down cleanly, and node writes the profile on exit.
  await service.stop();
  const profiles: Profiled[] = [];
  if (outcome.row.measurement) {
    profiles.push({
      name: `service, ${scenario.label}`,
      measurement: outcome.row.measurement,
      exitedAt: Date.now(),
      file: await newestProfile(dir, since),
    });
  }

  // The first baseline is the one to compare with: node:http for the posts list, bare Express for /health.
  const baselineId = scenario.baselines?.[0];
  if (baselineId && outcome.spec) {
    if (scenario.writes) await withDatabase(prepared.database, (db) => removeWrites(db, user.id, writesSince));
    since = Date.now();
    const baseline = await startBaseline(baselineId, { ...prepared, profile: true });
    const measurement = await measure(baseline, outcome.spec, load);
    const name = `baseline ${baselineNames[baselineId](prepared.database.kind)}`;
    log(`${name}: ${Math.round(measurement.requestsPerSecond)} req/s`);
    await baseline.stop();
    profiles.push({ name, measurement, exitedAt: Date.now(), file: await newestProfile(dir, since) });
  }

  for (const profiled of profiles) await printProfile(profiled);
  return outcome.row.failed ? 1 : 0;
}

interface Profiled {
  name: string;
  measurement: Measurement;
  /** When the process had exited (its profile ends then), to find the measured run in the profile. */
  exitedAt: number;
  file: string;
}

/** Where the CPU went during the measured run (start-up, warm-up and shutdown cut off, half a second of margin). */
async function printProfile({ name, measurement, exitedAt, file }: Profiled): Promise<void> {
  const margin = 500;
  const summary = await summarizeProfile(file, {
    fromMsBeforeEnd: exitedAt - measurement.startedAt - margin,
    toMsBeforeEnd: exitedAt - measurement.endedAt + margin,
  });
  const requests = measurement.requestsPerSecond * (summary.windowMs / 1000);
  const perRequest = requests > 0 ? Math.round((summary.busyMs * 1000) / requests) : 0;
  console.log(
    `\n${name}: ${Math.round(measurement.requestsPerSecond)} req/s; ${Math.round(summary.busyMs)} ms of CPU in ` +
      `${Math.round(summary.windowMs)} ms of load, about ${perRequest} µs of CPU per request\n${file}`,
  );
  const share = (ms: number) => `${((100 * ms) / summary.busyMs).toFixed(1)} %`;
  const perReq = (ms: number) => (requests > 0 ? String(Math.round((ms * 1000) / requests)) : "");
  const rows = (list: { name: string; ms: number }[]) =>
    list.map((c) => [c.name, String(Math.round(c.ms)), share(c.ms), perReq(c.ms)]);
  console.log(markdownTable(["Self time in", "ms", "share", "µs/request"], rows(summary.categories)));
  console.log(
    markdownTable(["On the stack (self + synchronous callees)", "ms", "share", "µs/request"], rows(summary.onStack)),
  );
  console.log(markdownTable(["Function (self time)", "ms", "share", "µs/request"], rows(summary.functions)));
}

async function newestProfile(dir: string, since: number): Promise<string> {
  const files = await Promise.all(
    (await readdir(dir))
      // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread; tsx's loader
      // runs in a worker whose profile is written last.
      .filter((name) => /\.0\.\d+\.cpuprofile$/.test(name))
      .map(async (name) => {
        const file = join(dir, name);
        return { file, mtime: (await stat(file)).mtimeMs };
      }),
  );
  const newest = files.filter((f) => f.mtime >= since).sort((a, b) => b.mtime - a.mtime)[0];
  if (!newest) throw new Error(`no CPU profile was written to ${dir}`);
  return newest.file;
}
