import { findHaproxy, startHaproxy } from "../test/haproxy.js";
import { freePortsIn } from "../test/ports.js";
import { onCleanup } from "./cleanup.js";
import { describeMachine } from "./machine.js";
import { loadOf, type Options, UsageError } from "./options.js";
import { type Row, ratioOf, resultsTable, writeReport } from "./report.js";
import { type ScenarioContext, scenarios } from "./scenarios.js";
import { createOwnPosts, signUpBenchUser, startService } from "./service.js";
import { log, prepare, progress, runScenario } from "./steps.js";

// Where the balancer listens: the loopback ports this topology is given (its statistics page next).
const BALANCER_PORTS = { from: 3400, to: 3499 };

/**
 * `--instances 2`: the read scenarios on one instance, then through HAProxy (deploy/haproxy.cfg,
 * as compose.yaml runs it) in front of two instances on the same database, and the ratio of the
 * two. The instances, the balancer, PostgreSQL and the load generator share this machine's cores:
 * the ratio says what a second instance brings here, not what it brings on a machine of its own.
 */
export async function instancesRun(options: Options): Promise<number> {
  if (options.instances !== 2) throw new UsageError("--instances takes 2: deploy/haproxy.cfg lists two instances");
  if (!options.database) throw new UsageError("--instances needs --database postgres://... (the instances share one server)");
  if (!findHaproxy()) throw new UsageError("--instances needs haproxy (Debian: apt-get install haproxy)");
  const reads = scenarios.filter((scenario) => !scenario.writes && (!options.only || options.only.includes(scenario.id)));
  const load = loadOf(options);
  const prepared = await prepare(options.database, options.posts, options.serviceEnv);

  const single = await startService(prepared);
  log(`One instance ready at ${single.baseUrl}`);
  const user = await signUpBenchUser(single);
  await createOwnPosts(single, user, 5);
  const context = (baseUrl: string): ScenarioContext => ({ baseUrl, user, seeded: prepared.seeded, cursorDepth: options.cursorDepth });
  const alone: Row[] = [];
  for (const scenario of reads) {
    const { row } = await runScenario(single.baseUrl, scenario, context(single.baseUrl), load);
    progress(row);
    alone.push(row);
  }
  await single.stop();

  const pair = await Promise.all([startService(prepared), startService(prepared)]);
  const [listenPort, statsPort] = await freePortsIn(2, BALANCER_PORTS.from, BALANCER_PORTS.to);
  const addresses = pair.map((service) => new URL(service.baseUrl).host) as [string, string];
  const balancer = await startHaproxy({ listenPort: listenPort!, statsPort: statsPort!, instances: addresses });
  const stopBalancer = onCleanup("stop haproxy", () => balancer.stop());
  await Promise.all(["app1", "app2"].map((server) => balancer.waitUntilUp(server)));
  log(`Two instances ready behind HAProxy at ${balancer.url}`);
  const balanced: Row[] = [];
  for (const scenario of reads) {
    const { row } = await runScenario(balancer.url, scenario, context(balancer.url), load);
    row.scenario = `${row.scenario}, 2 instances via HAProxy`;
    const ratio = ratioOf(row.measurement, alone[balanced.length]!.measurement);
    if (ratio !== undefined) row.ratio = `${ratio.toFixed(2)}× one instance`;
    progress(row);
    balanced.push(row);
  }
  await stopBalancer();
  await Promise.all(pair.map((service) => service.stop()));

  const rows = alone.flatMap((row, i) => [{ ...row, scenario: `${row.scenario}, 1 instance` }, balanced[i]!]);
  const table = resultsTable(rows);
  const settings =
    `${options.posts.toLocaleString("en-US")} posts seeded; ${options.connections} connections; ` +
    (load.requestsPerConnection ? `${load.requestsPerConnection} requests on each connection.` : `${options.duration} s measured per scenario after ${options.warmup} s of warm-up.`) +
    " The ratio compares requests/s through the balancer to two instances with requests/s straight to one instance; all of them, PostgreSQL and the load generator share the machine's cores.";
  const machine = describeMachine(prepared.databaseDescription);
  console.log(`\n${table}\n\n${settings}\n${machine.join("\n")}`);
  if (options.out) {
    await writeReport({
      path: options.out,
      title: `Two instances behind HAProxy, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
      machine,
      sections: [{ heading: "Results", text: `${table}\n\n${settings}` }],
    });
    console.log(`Written to ${options.out}`);
  }
  const failed = rows.filter((row) => row.failed);
  if (failed.length > 0) console.error(`\n${failed.length} scenario(s) had non-2xx answers or errors: ${failed.map((r) => r.scenario).join("; ")}`);
  return failed.length > 0 && options.smoke ? 1 : 0;
}
