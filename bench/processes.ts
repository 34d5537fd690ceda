import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { onCleanup } from "./cleanup.js";
import { backendsCpuSince, backendsCpuUs, processCpuUs } from "./cpu.js";
import type { RuntimeWindow } from "./runtime-probe.js";

export const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
const OUTPUT_LINES_KEPT = 40;
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
  port: number;
  /** Path answering 200 once the server can take traffic. */
  readyPath?: string;
  /** A PostgreSQL database whose backends' CPU counts as this server's (those connected to it while it runs). */
  databaseUrl?: string;
}

/** A free port on the loopback interface. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, HOST);
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
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

/** Starts a node process and resolves once `readyPath` answers 200; its last output lines explain a failure. */
export async function startServer(options: StartOptions): Promise<Server> {
  const { name, args, env, port, readyPath = "/ready", databaseUrl } = options;
  const runtimeDir = mkdtempSync(join(tmpdir(), "posts-api-bench-runtime-"));
  const runtimeFile = join(runtimeDir, "window.json");
  // Preloaded as JavaScript: Node's own TypeScript stripping would add 16 MB to the RSS measured.
  const probeFile = join(runtimeDir, "runtime-probe.mjs");
  writeFileSync(probeFile, runtimeProbeJs());
  const child = spawn(process.execPath, ["--import", pathToFileURL(probeFile).href, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...env,
      PORT: String(port),
      HOST,
      BENCH_RUNTIME_FILE: runtimeFile,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - OUTPUT_LINES_KEPT));
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = once(child, "exit");
  const stop = onCleanup(`stop ${name}`, async () => {
    await terminate(child, exited);
    rmSync(runtimeDir, { recursive: true, force: true });
  });
  const baseUrl = `http://${HOST}:${port}`;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `${name} exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output.join("\n")}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}${readyPath}`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output.join("\n")}`);
    }
    await sleep(100);
  }
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
  return { name, baseUrl, stop, rssMb: () => rssMbOf(child.pid), cpu, runtime };
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

async function terminate(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
