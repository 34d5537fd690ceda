import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { SERVICE_HOST, type ServiceProcess, startServiceProcess } from "../test/service-process.js";
import { onCleanup } from "./cleanup.js";
import { backendsCpuSince, backendsCpuUs, processCpuUs } from "./cpu.js";
import type { RuntimeWindow } from "./runtime-probe.js";

export const HOST = SERVICE_HOST;
// Longer than the tests wait: a run starts several servers at once (--instances) on a loaded machine.
const READY_TIMEOUT_MS = 120_000;
/** Every process runs from the repository root, whatever the benchmark's working directory. */
export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNTIME_ANSWER_TIMEOUT_MS = 5_000;

/** CPU time (µs) used so far: the process's own and, on PostgreSQL, its database backends'. */
export interface CpuReading {
  processUs: number;
  /** Per backend pid: the database side of the same work (absent on PGlite, which runs in-process). */
  backendsUs?: Map<number, number>;
}

export interface Server {
  readonly name: string;
  readonly baseUrl: string;
  /** The process's resident set size in MB now (Linux; undefined elsewhere or once it has exited). */
  rssMb(): number | undefined;
  /** A reading to subtract from a later one: CPU per request is the difference over the requests sent between. */
  cpu(): Promise<CpuReading | undefined>;
  /** Event-loop delay and GC time since the previous call (the first call only starts the count). */
  runtime(): Promise<RuntimeWindow | undefined>;
  /** SIGTERM, then SIGKILL when the process has not exited after a grace period. */
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Arguments to the node binary running the benchmark (Node 24 from node_modules). */
  args: string[];
  env: Record<string, string>;
  /** Chosen by the caller, who names it in the server's environment (BETTER_AUTH_URL). */
  port: number;
  /** A PostgreSQL database whose backends' CPU counts as this server's (those connected to it while it runs). */
  databaseUrl?: string;
}

let probeJs: string | undefined;
/** runtime-probe.ts as JavaScript, transformed once per benchmark run. */
function runtimeProbeJs(): string {
  probeJs ??= transformSync(readFileSync(join(REPO_ROOT, "bench/runtime-probe.ts"), "utf8"), {
    loader: "ts",
    format: "esm",
  }).code;
  return probeJs;
}

/** Starts a node process and resolves once `/ready` answers 200; its last output lines explain a failure. */
export async function startServer(options: StartOptions): Promise<Server> {
  const { name, args, env, port, databaseUrl } = options;
  const runtimeDir = mkdtempSync(join(tmpdir(), "posts-api-bench-runtime-"));
  const runtimeFile = join(runtimeDir, "window.json");
  // Preloaded as JavaScript: Node's own TypeScript stripping would add 16 MB to the RSS measured.
  const probeFile = join(runtimeDir, "runtime-probe.mjs");
  writeFileSync(probeFile, runtimeProbeJs());
  // Registered before the start, so that Ctrl-C while the server starts stops it too.
  let started: ServiceProcess | undefined;
  let starting: ChildProcess | undefined;
  const stop = onCleanup(`stop ${name}`, async () => {
    if (started) await started.stop();
    else starting?.kill("SIGKILL");
    rmSync(runtimeDir, { recursive: true, force: true });
  });
  try {
    started = await startServiceProcess(process.execPath, ["--import", pathToFileURL(probeFile).href, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, BENCH_RUNTIME_FILE: runtimeFile },
      port,
      name,
      readyTimeoutMs: READY_TIMEOUT_MS,
      onSpawn: (child) => (starting = child),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const child = started.process;

  let lastWindow = 0;
  const runtime = async (): Promise<RuntimeWindow | undefined> => {
    if (child.exitCode !== null || !child.kill("SIGUSR2")) return undefined;
    const deadline = Date.now() + RUNTIME_ANSWER_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const window = readWindow(runtimeFile);
      if (window && window.sequence > lastWindow) {
        lastWindow = window.sequence;
        return window;
      }
      await sleep(20);
    }
    return undefined;
  };
  const cpu = async (): Promise<CpuReading | undefined> => {
    const processUs = processCpuUs(child.pid);
    if (processUs === undefined) return undefined;
    return { processUs, backendsUs: databaseUrl ? await backendsCpuUs(databaseUrl) : undefined };
  };
  return { name, baseUrl: started.baseUrl, stop, rssMb: () => rssMbOf(child.pid), cpu, runtime };
}

/** µs of CPU per request between two readings: the process's, and its database backends' where known. */
export function cpuPerRequest(
  before: CpuReading | undefined,
  after: CpuReading | undefined,
  requests: number,
): { processUs: number; databaseUs?: number } | undefined {
  if (!before || !after || requests === 0) return undefined;
  const databaseUs =
    before.backendsUs && after.backendsUs ? backendsCpuSince(before.backendsUs, after.backendsUs) : undefined;
  return {
    processUs: (after.processUs - before.processUs) / requests,
    databaseUs: databaseUs === undefined ? undefined : databaseUs / requests,
  };
}

function readWindow(file: string): RuntimeWindow | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as RuntimeWindow;
  } catch {
    return undefined;
  }
}

/** VmRSS from /proc: what the operating system holds for the process, heap, code and WebAssembly alike. */
export function rssMbOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}
