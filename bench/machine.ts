import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem, type as osType, release } from "node:os";

const repoRoot = new URL("../", import.meta.url);
// Taken when the benchmark starts: other work on the machine skews every figure.
const loadBefore = loadavg()[0]!;

/** The installed version of a dependency (read from its package.json, which `exports` often hides). */
export function packageVersion(name: string): string {
  try {
    const file = new URL(`node_modules/${name}/package.json`, repoRoot);
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

function gitRevision(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "--", "src"], {
      encoding: "utf8",
    }).trim();
    return dirty ? `${head} (src/ has uncommitted changes)` : head;
  } catch {
    return "unknown";
  }
}

/** Lines describing where the figures were measured; figures from different machines do not compare. */
export function describeMachine(database: string): string[] {
  const cpu = cpus();
  return [
    `CPU: ${cpu[0]?.model.trim() ?? "unknown"}, ${cpu.length} cores (load average: ${loadBefore.toFixed(2)} before the run, ${loadavg()[0]!.toFixed(2)} after)`,
    `Memory: ${Math.round(totalmem() / 2 ** 30)} GiB; OS: ${osType()} ${release()}`,
    `Node ${process.version}; express ${packageVersion("express")}, fastify ${packageVersion("fastify")}, ` +
      `better-auth ${packageVersion("better-auth")}, drizzle-orm ${packageVersion("drizzle-orm")}, pg ${packageVersion("pg")}, ` +
      `autocannon ${packageVersion("autocannon")}`,
    `Database: ${database}`,
    `Service revision: ${gitRevision()}`,
  ];
}
