import { withDatabase } from "./database.js";
import { type Load, measure, probe } from "./load.js";
import type { Options } from "./options.js";
import { type Row, ratioOf, totalCpuUs } from "./report.js";
import type { BaselineId, RequestSpec, Scenario } from "./scenarios.js";
import { removeWrites } from "./seed.js";
import { baselineNames, startBaseline, startService } from "./service.js";
import { log, type Prepared, progress, type ScenarioOutcome, scenarioLoad } from "./steps.js";

interface Round {
  service: Row;
  baselines: Row[];
}

export interface Compared {
  /** Each compared scenario's service row: its median round, with the ratios to its baselines. */
  serviceRows: Map<string, Row>;
  baselineRows: Map<string, Row[]>;
}

/**
 * Each scenario with baselines, measured in `options.rounds` rounds, alternately after and before
 * its baselines, so a machine whose load drifts during the run favours neither side. Round 1 of
 * the service is the first pass (`outcomes`); later rounds restart it on the same database, secret
 * and cookies. A writing scenario's rows are removed after each side's turn, so every side reads
 * the same rows.
 */
export async function compareRounds(
  compared: Scenario[],
  outcomes: Map<string, ScenarioOutcome>,
  prepared: Prepared,
  load: Load,
  options: Options,
  benchUserId: string,
): Promise<Compared> {
  // Reads first, as in the first pass: a service round then writes only after its reads.
  compared = [...compared.filter((s) => !s.writes), ...compared.filter((s) => s.writes)];
  /** Runs `work`, then removes what it wrote when `writes` (on PGlite, with no server running). */
  const removingWrites = async <T>(writes: boolean | undefined, work: () => Promise<T>): Promise<T> => {
    const since = new Date(Date.now() - 1_000);
    const result = await work();
    if (writes) await withDatabase(prepared.database, (db) => removeWrites(db, benchUserId, since));
    return result;
  };
  const anyWrites = compared.some((scenario) => scenario.writes);
  const serviceRound = async (round: number) => {
    if (round === 1) return compared.map((scenario) => outcomes.get(scenario.id)!.row);
    const again = await startService(prepared);
    try {
      const rows: Row[] = [];
      for (const scenario of compared) {
        const first = outcomes.get(scenario.id)!;
        const measurement = await measure(again, first.spec!, scenarioLoad(scenario, load));
        const row: Row = {
          scenario: first.row.scenario,
          measurement,
          failed: measurement.non2xx > 0 || measurement.errors > 0,
        };
        progress(row);
        rows.push(row);
      }
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
        const row = await removingWrites(scenario.writes, () =>
          runBaseline(id, prepared, outcome.spec!, scenarioLoad(scenario, load), outcome.firstBody),
        );
        progress(row);
        measured.push(row);
      }
      rows.push(measured);
    }
    return rows;
  };

  const rounds = new Map(compared.map((scenario) => [scenario.id, [] as Round[]]));
  for (let round = 1; compared.length > 0 && round <= options.rounds; round++) {
    if (round > 1) log(`Round ${round} of ${options.rounds}`);
    const baselinesFirst = round % 2 === 0;
    const before = baselinesFirst ? await baselineRound() : undefined;
    // Round 1's service pass wrote before this function; its rows were removed already.
    const service = await removingWrites(round > 1 && anyWrites, () => serviceRound(round));
    const baselines = before ?? (await baselineRound());
    compared.forEach((scenario, i) =>
      rounds.get(scenario.id)!.push({ service: service[i]!, baselines: baselines[i]! }),
    );
  }

  const result: Compared = { serviceRows: new Map(), baselineRows: new Map() };
  for (const scenario of compared) {
    const measured = rounds.get(scenario.id)!;
    const row = medianRow(measured.map((round) => round.service));
    row.ratio = scenario
      .baselines!.map((id, i) =>
        ratioOverRounds(
          measured.map((round) => [round.service, round.baselines[i]!]),
          baselineNames[id](prepared.database.kind),
        ),
      )
      .filter(Boolean)
      .join(" · ");
    result.serviceRows.set(scenario.id, row);
    result.baselineRows.set(
      scenario.id,
      scenario.baselines!.map((_, i) => medianRow(measured.map((round) => round.baselines[i]!))),
    );
  }
  return result;
}

async function runBaseline(
  id: BaselineId,
  prepared: Prepared,
  spec: RequestSpec,
  load: Load,
  expected: string | undefined,
): Promise<Row> {
  const name = `baseline: ${baselineNames[id](prepared.database.kind)}`;
  const server = await startBaseline(id, prepared);
  log(`${name} ready (RSS ${server.rssMb() ?? "?"} MB)`);
  try {
    const first = await probe(server.baseUrl, spec);
    let note: string | undefined;
    if (expected !== undefined && !sameJson(first.body, expected)) note = "answer differs from the service's";
    const measurement = await measure(server, spec, load);
    if (measurement.requests === 0) note = "no request completed";
    const failed = note !== undefined || measurement.non2xx > 0 || measurement.errors > 0;
    return { scenario: name, measurement, note, failed };
  } finally {
    await server.stop();
  }
}

/** The round with the median requests/s; a failure in any round fails the row. */
export function medianRow(rows: Row[]): Row {
  const measured = rows
    .filter((row) => row.measurement)
    .sort((a, b) => a.measurement!.requestsPerSecond - b.measurement!.requestsPerSecond);
  const median = measured[Math.floor((measured.length - 1) / 2)] ?? rows[0]!;
  const failedRow = rows.find((row) => row.failed);
  return { ...median, failed: failedRow !== undefined, note: failedRow?.note ?? median.note };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The median over rounds of the service's figure divided by the baseline's, where both have one. */
function medianRatio(pairs: [Row, Row][], figure: (row: Row) => number | undefined): number | undefined {
  const ratios = pairs
    .map(([service, baseline]) => [figure(service), figure(baseline)])
    .filter((pair): pair is [number, number] => pair[0] !== undefined && pair[1] !== undefined && pair[1] > 0)
    .map(([service, baseline]) => service / baseline);
  return ratios.length > 0 ? median(ratios) : undefined;
}

/**
 * `0.87× name (0.80–0.91), p99 1.10×, CPU/req 0.95× (with db 0.80×)`: the median of the same-round
 * requests/s ratios with their range over several rounds, and the medians of the same-round p99
 * and CPU-per-request ratios (the process alone, then with its database backends).
 */
export function ratioOverRounds(pairs: [Row, Row][], name: string): string | undefined {
  const ratios = pairs
    .map(([service, baseline]) => ratioOf(service.measurement, baseline.measurement))
    .filter((ratio): ratio is number => ratio !== undefined)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return undefined;
  const range = ratios.length > 1 ? ` (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})` : "";
  const p99Ratios = pairs
    .filter(([service, baseline]) => service.measurement && baseline.measurement && baseline.measurement.p99 > 0)
    .map(([service, baseline]) => service.measurement!.p99 / baseline.measurement!.p99);
  const p99 = p99Ratios.length > 0 ? `, p99 ${median(p99Ratios).toFixed(2)}×` : "";
  const cpu = medianRatio(pairs, (row) => row.measurement?.cpuUsPerRequest);
  const withDb = pairs.some(([service]) => service.measurement?.databaseCpuUsPerRequest !== undefined)
    ? medianRatio(pairs, (row) => totalCpuUs(row.measurement))
    : undefined;
  const cpuText =
    cpu === undefined
      ? ""
      : `, CPU/req ${cpu.toFixed(2)}×${withDb === undefined ? "" : ` (with db ${withDb.toFixed(2)}×)`}`;
  return `${median(ratios).toFixed(2)}× ${name}${range}${p99}${cpuText}`;
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}
