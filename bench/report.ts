import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Measurement } from "./load.js";
import { describeMachine } from "./machine.js";

export interface Row {
  scenario: string;
  measurement?: Measurement;
  /** Shown instead of figures, e.g. "n/a (route missing)". */
  note?: string;
  /** Service figures relative to the baselines serving the same request. */
  ratio?: string;
  /** Counted against the run: non-2xx answers, errors, a failed check. */
  failed?: boolean;
}

const HEADER = [
  "Scenario",
  "req/s",
  "p50 ms",
  "p99 ms",
  "non-2xx / errors",
  "RSS MB",
  "CPU µs/req (+ db)",
  "loop delay p99 ms",
  "GC µs/req (heap KB allocated, promoted per req)",
  "vs baseline (req/s ratio)",
];

function cells(row: Row): string[] {
  const m = row.measurement;
  if (!m) return [row.scenario, row.note ?? "n/a", "", "", "", "", "", "", "", row.ratio ?? ""];
  const problems = `${m.non2xx} / ${m.errors}${m.otherStatuses ? ` (${m.otherStatuses})` : ""}`;
  return [
    row.scenario,
    formatRate(m.requestsPerSecond),
    String(m.p50),
    String(m.p99),
    row.note ? `${problems}; ${row.note}` : problems,
    m.rssAfter === undefined ? "" : `${m.rssAfterWarmup ?? "?"} → ${m.rssAfter}`,
    cpuCell(m),
    m.loopDelayP99Ms === undefined ? "" : m.loopDelayP99Ms.toFixed(1),
    gcCell(m),
    row.ratio ?? "",
  ];
}

function gcCell(m: Measurement): string {
  if (m.gcUsPerRequest === undefined) return "";
  const gc = Math.round(m.gcUsPerRequest).toString();
  if (m.allocatedKbPerRequest === undefined) return gc;
  const promoted = m.promotedKbPerRequest === undefined ? "" : `, ${m.promotedKbPerRequest.toFixed(1)} promoted`;
  return `${gc} (${m.allocatedKbPerRequest.toFixed(1)}${promoted})`;
}

function cpuCell(m: Measurement): string {
  if (m.cpuUsPerRequest === undefined) return "";
  const own = Math.round(m.cpuUsPerRequest).toString();
  return m.databaseCpuUsPerRequest === undefined ? own : `${own} (+ ${Math.round(m.databaseCpuUsPerRequest)})`;
}

/** CPU per request with the database backends' share, where the run could read it. */
export function totalCpuUs(m: Measurement | undefined): number | undefined {
  if (m?.cpuUsPerRequest === undefined) return undefined;
  return m.cpuUsPerRequest + (m.databaseCpuUsPerRequest ?? 0);
}

export function formatRate(rate: number): string {
  return rate >= 100 ? Math.round(rate).toLocaleString("en-US") : rate.toFixed(1);
}

/** The service's requests/s divided by the baseline's. */
export function ratioOf(service: Measurement | undefined, baseline: Measurement | undefined): number | undefined {
  if (!service || !baseline || baseline.requestsPerSecond === 0) return undefined;
  return service.requestsPerSecond / baseline.requestsPerSecond;
}

/** A markdown table whose columns line up in a terminal as well. */
export function markdownTable(header: string[], body: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((line) => (line[i] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

export function resultsTable(rows: Row[]): string {
  return markdownTable(HEADER, rows.map(cells));
}

export interface ReportFile {
  path: string;
  title: string;
  command: string;
  machine: string[];
  sections: { heading: string; text: string }[];
}

export async function writeReport(file: ReportFile): Promise<void> {
  const text = [
    `# ${file.title}`,
    "",
    `Command: \`${file.command}\``,
    "",
    ...file.machine.map((line) => `- ${line}`),
    "",
    ...file.sections.flatMap(({ heading, text }) => [`## ${heading}`, "", text, ""]),
  ].join("\n");
  await mkdir(dirname(file.path), { recursive: true });
  await writeFile(file.path, text);
}

/**
 * Prints the rows' table, the run's settings and the machine, writes them to `out` when given, and
 * returns the exit code: 1 when a row failed in a smoke run (CI), 0 otherwise.
 */
export async function reportRows(
  rows: Row[],
  run: { title: string; settings: string; database: string; out: string | undefined; smoke: boolean },
): Promise<number> {
  const table = resultsTable(rows);
  const machine = describeMachine(run.database);
  console.log(`\n${table}\n\n${run.settings}\n${machine.join("\n")}`);
  if (run.out) {
    await writeReport({
      path: run.out,
      title: `${run.title}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
      machine,
      sections: [{ heading: "Results", text: `${table}\n\n${run.settings}` }],
    });
    console.log(`Written to ${run.out}`);
  }
  const failed = rows.filter((row) => row.failed);
  if (failed.length > 0)
    console.error(
      `\n${failed.length} row(s) had non-2xx answers or errors: ${failed.map((r) => r.scenario).join("; ")}`,
    );
  return failed.length > 0 && run.smoke ? 1 : 0;
}
