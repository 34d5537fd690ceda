import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports.js";

// The one way tests and the benchmark start the service (or a baseline server) as a child process:
// on a port of the loopback interface, ready once GET /ready answers 200, as a load balancer or an
// orchestrator would tell. Nothing here imports vitest, so bench/ can use it too.

const root = fileURLToPath(new URL("..", import.meta.url));

export const SERVICE_HOST = "127.0.0.1";
// `npm start` may first build dist/, on a busy machine.
const READY_TIMEOUT_MS = 60_000;
// Long enough for a clean shutdown that drains requests in flight.
const STOP_GRACE_MS = 15_000;
const READY_PROBE_TIMEOUT_MS = 2_000;
// A long run logs a lot: its tail is what explains how it ended.
const OUTPUT_KEPT_CHARS = 1_000_000;
const OUTPUT_IN_ERRORS_CHARS = 20_000;

/**
 * A program of the built dist/ (`main.js`, `cli/users.js`, `db/migrate-cli.js`), which the npm
 * scripts run and the test run's global set-up builds: started with node, it is ready in a fraction
 * of the time tsx takes to compile the sources on each start.
 */
export function builtProgram(name: string): string {
  return join(root, "dist", name);
}

export interface ServiceProcessOptions {
  /** The repository's root by default. */
  cwd?: string;
  /** Its whole environment (nothing of this process's is passed on), besides HOST and PORT. */
  env: Record<string, string | undefined>;
  /**
   * The port it listens on; a free one by default. A caller that names the port elsewhere (in
   * BETTER_AUTH_URL, in a balancer's configuration) chooses it first and gives it here.
   */
  port?: number;
  /** Its own process group, so that clean-up can reach what a wrapper (npm, sh) started. */
  detached?: boolean;
  /** What failures call it. */
  name?: string;
  readyTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  stopGraceMs?: number;
  /** Called once it is spawned, before it is ready: a caller's clean-up can then reach it during the wait. */
  onSpawn?: (child: ChildProcess) => void;
}

export interface ServiceProcess {
  /** The process started: the service itself, or the wrapper (npm, sh, unshare) that runs it. */
  readonly process: ChildProcess;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** What it wrote so far, standard output and error together (the last megabyte of it). */
  output(): string;
  /** Resolves with its exit code once it has exited (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** SIGTERM, as an orchestrator stops it, then SIGKILL after a grace period; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `command` on a free port of 127.0.0.1 (or the one given) and resolves once its GET /ready
 * answers 200; fails with its output when it exits before that or takes too long (then killed).
 */
export async function startServiceProcess(
  command: string,
  args: string[],
  options: ServiceProcessOptions,
): Promise<ServiceProcess> {
  const name = options.name ?? "the service";
  const port = options.port ?? (await freePort());
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: { ...options.env, HOST: SERVICE_HOST, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached,
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  let ended: string | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve(code);
    });
    // A command that cannot be started has no exit to wait for.
    child.once("error", (error) => {
      if (child.pid !== undefined) return;
      ended = `not started: ${error.message}`;
      resolve(null);
    });
  });
  options.onSpawn?.(child);

  const running = () => ended === undefined;
  // A wrapper started in a group of its own takes what it started with it.
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (options.detached && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (!running()) return exited;
    child.kill("SIGTERM");
    const timer = setTimeout(() => kill("SIGKILL"), options.stopGraceMs ?? STOP_GRACE_MS);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const lastOutput = () => output.slice(-OUTPUT_IN_ERRORS_CHARS);

  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!running()) throw new Error(`${name} ended before /ready answered 200 (${ended}):\n${lastOutput()}`);
    if ((await readyStatus(port)) === 200) break;
    if (Date.now() > deadline) {
      kill("SIGKILL");
      await exited;
      throw new Error(`${name}'s /ready did not answer 200 within ${readyTimeoutMs} ms:\n${lastOutput()}`);
    }
    await sleep(100);
  }
  return { process: child, port, baseUrl: `http://${SERVICE_HOST}:${port}`, output: () => output, exited, stop };
}

/** The status GET /ready answers, or undefined when nothing answers (yet) in time. */
function readyStatus(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    // No agent: the probe's connection closes, so it cannot hold up a later shutdown.
    const req = request(
      { host: SERVICE_HOST, port, path: "/ready", agent: false, timeout: READY_PROBE_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
        res.on("error", () => resolve(undefined));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(undefined));
    req.end();
  });
}

/**
 * `npm start` in the repository, as operators run it (the built dist/, which the test run's global
 * set-up builds), with only PATH and HOME of this process's environment besides `env`.
 */
export function startNpmStart(
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): Promise<ServiceProcess> {
  // The npm that runs this suite (npm test, npx vitest), else the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli, "start"]] : ["npm", ["start"]];
  return startServiceProcess(command, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    detached: options.detached,
  });
}
