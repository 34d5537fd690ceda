import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { onCleanup } from "./cleanup.js";

export const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;
const OUTPUT_LINES_KEPT = 40;
/** Every process runs from the repository root, whatever the benchmark's working directory. */
export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));

export interface Server {
  readonly name: string;
  readonly baseUrl: string;
  /** The process's resident set size in MB now (Linux; undefined elsewhere or once it has exited). */
  rssMb(): number | undefined;
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

/** Starts a node process and resolves once `readyPath` answers 200; its last output lines explain a failure. */
export async function startServer(options: StartOptions): Promise<Server> {
  const { name, args, env, port, readyPath = "/ready" } = options;
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, PORT: String(port), HOST },
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
  const stop = onCleanup(`stop ${name}`, () => terminate(child, exited));
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
  return { name, baseUrl, stop, rssMb: () => rssMbOf(child.pid) };
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
