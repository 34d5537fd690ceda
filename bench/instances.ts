import { findHaproxy, startHaproxy } from "../test/haproxy.js";
import { freePortsIn } from "../test/ports.js";
import { onCleanup } from "./cleanup.js";
import { loadOf, type Options, UsageError } from "./options.js";
import { type Row, ratioOf, reportRows } from "./report.js";
import { medianRow } from "./rounds.js";
import { type ScenarioContext, scenarios } from "./scenarios.js";
import { startService } from "./service.js";
import { log, prepare, progress, runScenario, scenarioContext } from "./steps.js";

// Where the balancer listens: the loopback ports this topology is given (its statistics page next).
const BALANCER_PORTS = { from: 3400, to: 3499 };

/**
 * `--instances 2`: the read scenarios on one instance and through HAProxy (deploy/haproxy.cfg, as
 * compose.yaml runs it) in front of two instances on the same database, and the ratio of the two. The instances, the balancer, PostgreSQL and the load generator share this machine's cores:
 * the ratio says what a second instance brings here, not what it brings on a machine of its own.
 */
export async function instancesRun(options: Options): Promise<number> {
  if (options.instances !== 2) throw new UsageError("--instances takes 2: deploy/haproxy.cfg lists two instances");
  if (!options.database)
    throw new UsageError("--instances needs --database postgres://... (the instances share one server)");
  if (!findHaproxy()) throw new UsageError("--instances needs haproxy (Debian: apt-get install haproxy)");
  const reads = scenarios.filter(
    (scenario) => !scenario.writes && (!options.only || options.only.includes(scenario.id)),
  );
  const load = loadOf(options);
  const prepared = await prepare(options.database, options.posts, options.serviceEnv);

  // Both set-ups stay up for the whole run, so their rounds can alternate: a change in the
  // machine's load then favours neither.
  const [single, ...pair] = await Promise.all([startService(prepared), startService(prepared), startService(prepared)]);
  const [listenPort, statsPort] = await freePortsIn(2, BALANCER_PORTS.from, BALANCER_PORTS.to);
  const addresses = pair.map((service) => new URL(service.baseUrl).host) as [string, string];
  const balancer = await startHaproxy({ listenPort: listenPort!, statsPort: statsPort!, instances: addresses });
  const stopBalancer = onCleanup("stop haproxy", () => balancer.stop());
  await Promise.all(["app1", "app2"].map((server) => balancer.waitUntilUp(server)));
  log(`One instance at ${single.baseUrl}; two behind HAProxy at ${balancer.url}`);
  const shared = await scenarioContext(single, prepared, options.cursorDepth);
  const context = (baseUrl: string): ScenarioContext => ({ ...shared, baseUrl });

  const rows: Row[] = [];
  for (const scenario of reads) {
    const alone: Row[] = [];
    const balanced: Row[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const order = round % 2 === 1 ? [single.baseUrl, balancer.url] : [balancer.url, single.baseUrl];
      for (const baseUrl of order) {
        const { row } = await runScenario({ baseUrl }, scenario, context(baseUrl), load);
        row.scenario = `${row.scenario}, ${baseUrl === balancer.url ? "2 instances via HAProxy" : "1 instance"}`;
        progress(row);
        (baseUrl === balancer.url ? balanced : alone).push(row);
      }
    }
    const ratios = balanced
      .map((row, i) => ratioOf(row.measurement, alone[i]!.measurement))
      .filter((r): r is number => r !== undefined);
    const both = [medianRow(alone), medianRow(balanced)] as const;
    if (ratios.length > 0) both[1].ratio = ratioText(ratios);
    rows.push(...both);
  }
  await stopBalancer();
  await Promise.all([single, ...pair].map((service) => service.stop()));

  const settings =
    `${options.posts.toLocaleString("en-US")} posts seeded; ${options.connections} connections; ` +
    (load.requestsPerConnection
      ? `${load.requestsPerConnection} requests on each connection`
      : `${options.duration} s measured after ${options.warmup} s of warm-up`) +
    `, ${options.rounds} round(s) alternating one instance and the balancer; each row is its median round, each ratio the median of the rounds' ratios (range in brackets).` +
    " The ratio is requests/s through HAProxy to two instances over requests/s straight to one; the instances, HAProxy, PostgreSQL and the load generator share the machine's cores.";
  return reportRows(rows, {
    title: "Two instances behind HAProxy",
    settings,
    database: prepared.databaseDescription,
    out: options.out,
    smoke: options.smoke,
  });
}

function ratioText(ratios: number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return `${median.toFixed(2)}× one instance${sorted.length > 1 ? ` (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})` : ""}`;
}
