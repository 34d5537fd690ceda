import { freePort } from "../test/ports.js";
import { loadOf, type Options, UsageError } from "./options.js";
import { HOST, type Server } from "./processes.js";
import { type Row, reportRows } from "./report.js";
import { medianRow, ratioOverRounds } from "./rounds.js";
import { type ScenarioContext, scenarios } from "./scenarios.js";
import { startService } from "./service.js";
import { log, prepare, progress, runScenario, scenarioContext } from "./steps.js";

/** What each variant changes in the service's environment, against the same service without it. */
const VARIANTS = {
  // prom-client on, scraped as compose.yaml's Prometheus scrapes it (deploy/prometheus/prometheus.yml).
  metrics: async () => ({ METRICS_PORT: String(await freePort()) }),
  // One JSON line per request, to the pipe the benchmark drains.
  log: () => Promise.resolve({ LOG_LEVEL: "http" }),
} satisfies Record<string, () => Promise<Record<string, string>>>;

type Variant = keyof typeof VARIANTS;
const isVariant = (id: string): id is Variant => Object.hasOwn(VARIANTS, id);

const SCRAPE_EVERY_MS = 15_000;
const DEFAULT_SCENARIOS = ["users-read"];

interface Setup {
  name: string;
  service: Server;
}

/**
 * `--variants metrics,log`: the read scenarios (users-read unless `--only`) on the service as the
 * benchmark runs it ("off") and on one service per variant, all started at once on the same
 * database and measured in turn within each round, each round starting with the next one, so a
 * change in the machine's load favours none. Each variant's ratio is to "off" in the same round:
 * requests/s, p99 and CPU per request, the figure that moves least with the machine's load.
 */
export async function variantsRun(options: Options): Promise<number> {
  const requested = options.variants ?? [];
  const unknown = requested.filter((id) => !isVariant(id));
  if (unknown.length > 0 || requested.length === 0)
    throw new UsageError(`--variants takes ${Object.keys(VARIANTS).join(", ")} or both, not "${unknown.join(",")}"`);
  const variants = requested.filter(isVariant);
  const ids = options.only ?? DEFAULT_SCENARIOS;
  const selected = scenarios.filter((scenario) => ids.includes(scenario.id));
  if (selected.some((scenario) => scenario.writes) || selected.length !== ids.length)
    throw new UsageError(`--variants measures read scenarios only (default ${DEFAULT_SCENARIOS.join(",")})`);
  const load = loadOf(options);
  const prepared = await prepare(options.database, options.posts, options.serviceEnv);
  const variantEnvs: Record<string, string>[] = await Promise.all(variants.map((variant) => VARIANTS[variant]()));
  const started = await Promise.all([
    startService(prepared),
    ...variantEnvs.map((env) => startService({ ...prepared, serviceEnv: { ...prepared.serviceEnv, ...env } })),
  ]);
  const setups: Setup[] = started.map((service, i) => ({ name: i === 0 ? "off" : variants[i - 1]!, service }));
  const scraping = variantEnvs
    .filter((env) => env.METRICS_PORT !== undefined)
    .map((env) => scrapeEvery(`http://${HOST}:${env.METRICS_PORT}/metrics`, SCRAPE_EVERY_MS));
  log(`Services ready: ${setups.map(({ name, service }) => `${name} at ${service.baseUrl}`).join(", ")}`);
  const shared = await scenarioContext(setups[0]!.service, prepared, options.cursorDepth);
  const context = (baseUrl: string): ScenarioContext => ({ ...shared, baseUrl });

  const rows: Row[] = [];
  try {
    for (const scenario of selected) {
      const measured = setups.map(() => [] as Row[]);
      for (let round = 1; round <= options.rounds; round++) {
        if (options.rounds > 1) log(`${scenario.id}: round ${round} of ${options.rounds}`);
        for (let turn = 0; turn < setups.length; turn++) {
          const index = (round - 1 + turn) % setups.length;
          const { name, service } = setups[index]!;
          const { row } = await runScenario(service, scenario, context(service.baseUrl), load);
          row.scenario = `${row.scenario}, ${name}`;
          progress(row);
          measured[index]!.push(row);
        }
      }
      const [off, ...others] = measured.map((rounds) => medianRow(rounds));
      rows.push(off!);
      others.forEach((row, i) => {
        const pairs = measured[i + 1]!.map((variantRow, round): [Row, Row] => [variantRow, measured[0]![round]!]);
        row.ratio = ratioOverRounds(pairs, "off");
        rows.push(row);
      });
    }
  } finally {
    for (const stop of scraping) stop();
    await Promise.all(setups.map(({ service }) => service.stop()));
  }

  const settings =
    `${options.posts.toLocaleString("en-US")} posts seeded; ${options.connections} connections` +
    (load.rate ? `, ${load.rate} requests/s in all; ` : "; ") +
    (load.requestsPerConnection
      ? `${load.requestsPerConnection} requests on each connection; `
      : `${options.duration} s measured after ${options.warmup} s of warm-up; `) +
    `${options.rounds} round(s), each ` +
    `measuring ${setups.map(({ name }) => name).join(", ")} in turn, starting one further each round. ` +
    'Each row is its median round; each ratio is to "off", the median of the rounds\' ratios (range in brackets). ' +
    `metrics: METRICS_PORT set, /metrics scraped every ${SCRAPE_EVERY_MS / 1000} s; log: LOG_LEVEL=http, ` +
    "one JSON line per request to a pipe the benchmark drains; off: LOG_LEVEL=warn, no metrics.";
  return reportRows(rows, {
    title: `Cost of ${variants.join(" and ")}`,
    settings,
    database: prepared.databaseDescription,
    out: options.out,
    smoke: options.smoke,
  });
}

/** Fetches `url` every `everyMs` as Prometheus would, until the returned function is called. */
function scrapeEvery(url: string, everyMs: number): () => void {
  const scrape = () =>
    fetch(url, { signal: AbortSignal.timeout(everyMs) })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  void scrape();
  const timer = setInterval(() => void scrape(), everyMs);
  return () => clearInterval(timer);
}
