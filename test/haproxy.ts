import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { poll } from "./poll.js";

// The operators' configuration, used as it is: its addresses come from the environment.
export const HAPROXY_CONFIG = fileURLToPath(new URL("../deploy/haproxy.cfg", import.meta.url));

/** The haproxy program on PATH (or in /usr/sbin, where Debian puts it), if installed. */
export function findHaproxy(): string | undefined {
  for (const candidate of ["haproxy", "/usr/sbin/haproxy"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

export interface Balancer {
  url: string;
  /** Each server's state as the balancer sees it: "UP", "DOWN", "UP 1/2" (rising), "DOWN 1/2" (falling)... */
  serverStates(): Promise<Record<string, string>>;
  /** How many HTTP requests the balancer has sent each server. */
  requestsPerServer(): Promise<Record<string, number>>;
  /** Resolves once the balancer sends traffic to `server` (state UP), or throws after `timeoutMs`. */
  waitUntilUp(server: string, timeoutMs?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export interface BalancerOptions {
  listenPort: number;
  statsPort: number;
  /** `host:port` of each instance, in the order of the config's `server` lines (app1, app2). */
  instances: [string, string];
}

/** Starts haproxy in the foreground on deploy/haproxy.cfg; resolves once its statistics page answers. */
export async function startHaproxy({ listenPort, statsPort, instances }: BalancerOptions): Promise<Balancer> {
  const program = findHaproxy();
  if (!program) throw new Error("haproxy is not installed (Debian: apt-get install haproxy)");
  const child = spawn(program, ["-db", "-f", HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH ?? "",
      LISTEN_ADDR: `127.0.0.1:${listenPort}`,
      STATS_ADDR: `127.0.0.1:${statsPort}`,
      APP1_ADDR: instances[0],
      APP2_ADDR: instances[1],
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = once(child, "exit");

  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const column = async (name: string) =>
    serverColumn(await (await fetch(statsUrl, { signal: AbortSignal.timeout(2_000) })).text(), name);
  const serverStates = () => column("status");
  const balancer: Balancer = {
    url: `http://127.0.0.1:${listenPort}`,
    serverStates,
    requestsPerServer: async () =>
      Object.fromEntries(Object.entries(await column("req_tot")).map(([server, n]) => [server, Number(n)])),
    waitUntilUp: async (server, timeoutMs = 30_000) => {
      const states = await poll(serverStates, (seen) => seen[server] === "UP", { withinMs: timeoutMs, everyMs: 100 });
      if (states[server] !== "UP")
        throw new Error(`haproxy never saw ${server} UP: ${JSON.stringify(states)}\n${output}`);
    },
    output: () => output,
    stop: () => stop(child, exited),
  };
  // Until its statistics page answers, or it exits, for up to 15 s.
  let lastError: unknown;
  const state = async () => {
    if (child.exitCode !== null) return "exited";
    return serverStates().then(
      () => "answering",
      (error: unknown) => ((lastError = error), "starting"),
    );
  };
  const reached = await poll(state, (answer) => answer !== "starting", { withinMs: 15_000, everyMs: 50 });
  if (reached === "answering") return balancer;
  if (reached === "exited") throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
  await balancer.stop();
  throw new Error(`haproxy's statistics page never answered:\n${output}`, { cause: lastError });
}

async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await exited;
}

/** One column of haproxy's CSV statistics for each server of the `instances` backend. */
function serverColumn(csv: string, name: string): Record<string, string> {
  const [header, ...lines] = csv.trim().split("\n");
  const columns = header!.replace(/^# /, "").split(",");
  const [proxy, server, status] = ["pxname", "svname", name].map((title) => columns.indexOf(title));
  return Object.fromEntries(
    lines
      .map((line) => line.split(","))
      .filter((fields) => fields[proxy!] === "instances" && !["BACKEND", "FRONTEND"].includes(fields[server!]!))
      .map((fields) => [fields[server!]!, fields[status!]!]),
  );
}
