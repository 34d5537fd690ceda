import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

// `npx tsx bench/pglite-memory.ts`: PGlite's own share of a process's resident memory, apart from
// whatever the service loads. A data directory is created once; then, in a fresh process for each
// setting, RSS is read before and after opening it and running a query. Shared buffers are the
// setting that matters: PGlite places them in its WebAssembly heap and touches them all at start.

const SETTINGS = ["shared_buffers=128MB", "shared_buffers=16MB"];
const ROUNDS = 3;

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

async function child(dir: string, setting: string): Promise<void> {
  const before = rssMb();
  const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, "-c", setting] });
  await db.query("select count(*) from pg_class");
  console.log(JSON.stringify({ before, after: rssMb() }));
  await db.close();
}

async function parent(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "pglite-memory-"));
  try {
    await (await PGlite.create(dir)).close();
    console.log(`PGlite data directory ${dir}; RSS in MB, ${ROUNDS} fresh processes per setting (median)`);
    for (const setting of SETTINGS) {
      const growth: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, "--child", dir, setting], {
          encoding: "utf8",
        });
        if (run.status !== 0) throw new Error(run.stderr);
        const { before, after } = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
          before: number;
          after: number;
        };
        growth.push(after - before);
      }
      growth.sort((a, b) => a - b);
      console.log(
        `${setting.padEnd(22)} opening PGlite adds ${growth[Math.floor(ROUNDS / 2)]} MB (all: ${growth.join(", ")})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3]!, process.argv[4]!);
else await parent();
