import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";

/** Linux counts a process's CPU time in clock ticks (`getconf CLK_TCK`, 100 almost everywhere). */
const TICK_US = 1e6 / clockTicksPerSecond();

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** User plus system CPU time (µs) of every thread of the process so far, from /proc; undefined once it has gone. */
export function processCpuUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in brackets may hold spaces: count the fields after its closing bracket.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return undefined;
  }
}

/** CPU time (µs) so far of each PostgreSQL backend connected to the database of `databaseUrl` (the server runs here). */
export async function backendsCpuUs(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const used = processCpuUs(pid);
      if (used !== undefined) cpu.set(pid, used);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** What the backends used between two readings; one that connected in between counts from zero. */
export function backendsCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, now] of after) used += now - (before.get(pid) ?? 0);
  return used;
}
