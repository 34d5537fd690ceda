import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { poll } from "./poll.js";

const CONFIG_DIR = fileURLToPath(new URL("../deploy/prometheus/", import.meta.url));
/** Where Debian's prometheus package installs the server. */
export const PROMETHEUS = "/usr/bin/prometheus";

export function prometheusInstalled(): boolean {
  return existsSync(PROMETHEUS);
}

/** One series of an instant query's answer: its labels and value. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface Prometheus {
  /** `/api/v1/query` at the current time. */
  query(expr: string): Promise<Sample[]>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Debian's prometheus on 127.0.0.1:`port`, with deploy/prometheus/ as operators run it (its
 * alerts too), scraping `targets` every `scrapeSeconds` instead of every 15 s; its files and
 * storage live under `dir`, removed by stop().
 */
export async function startPrometheus(options: {
  port: number;
  dir: string;
  targets: string[];
  scrapeSeconds: number;
}): Promise<Prometheus> {
  const { port, dir, targets, scrapeSeconds } = options;
  mkdirSync(join(dir, "targets"), { recursive: true });
  const config = readFileSync(join(CONFIG_DIR, "prometheus.yml"), "utf8").replaceAll(
    /(scrape|evaluation)_interval: 15s/g,
    `$1_interval: ${scrapeSeconds}s`,
  );
  writeFileSync(join(dir, "prometheus.yml"), config.replace("refresh_interval: 30s", "refresh_interval: 1s"));
  copyFileSync(join(CONFIG_DIR, "alerts.yml"), join(dir, "alerts.yml"));
  writeFileSync(join(dir, "targets", "test.yml"), `- targets: ${JSON.stringify(targets)}\n`);
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = once(child, "exit");
  const base = `http://127.0.0.1:${port}`;
  const prometheus: Prometheus = {
    query: async (expr) => {
      const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(expr)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as {
        status: string;
        error?: string;
        data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== "success") throw new Error(`query ${expr} failed: ${body.error}`);
      return body.data!.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Until it answers ready, or exits, for up to a minute.
  const state = async () =>
    child.exitCode !== null
      ? "exited"
      : await fetch(`${base}/-/ready`).then(
          (res) => (res.ok ? "ready" : "starting"),
          () => "starting",
        );
  const reached = await poll(state, (answer) => answer !== "starting", { withinMs: 60_000, everyMs: 100 });
  if (reached === "ready") return prometheus;
  if (reached === "exited") throw new Error(`prometheus exited (${child.exitCode}):\n${output}`);
  await prometheus.stop();
  throw new Error(`prometheus never became ready:\n${output}`);
}
