import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll } from "../../test/poll.js";
import { loadConfig } from "../config.js";
import { createLogger } from "../logging/logger.js";
import { openServices } from "../services.js";
import { queryRows } from "./catalog.js";

// The built command (what `npm run db:backup` runs), stopped by a real signal while it writes.

const program = fileURLToPath(new URL("../../dist/cli/backup.js", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "posts-api-backup-interrupted-"));
const url = `pglite:${join(work, "pglite")}`;
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Enough posts that writing and reading back take a while: the signal lands mid-file. */
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "error", DATABASE_URL: url });
  const services = await openServices(config, createLogger(config));
  const db = services.database.db;
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (id, name, email) values (gen_random_uuid(), 'Writer', 'writer@example.com') returning id`,
  );
  await db.execute(sql`insert into posts (title, content, author_id)
    select 'Post ' || n, repeat('Some content to back up. ', 200), ${user!.id}::uuid from generate_series(1, 20000) n`);
  await services.changes.close();
  await services.database.close();
}, 180_000);

const partialFiles = () => readdirSync(work).filter((name) => name.endsWith(".partial"));

function backUp(out: string) {
  return spawn(process.execPath, [program, "backup", "--out", out], {
    cwd: work,
    env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: url },
  });
}

describe("an interrupted backup", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`leaves no partial file behind when stopped by ${signal}`, async () => {
      const out = join(work, `${signal}.jsonl`);
      const child = backUp(out);
      const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
      const seen = await poll(partialFiles, (names) => names.length > 0, { withinMs: 60_000, everyMs: 5 });
      expect(seen).toEqual([`.${signal}.jsonl.${child.pid}.partial`]);
      child.kill(signal);
      expect(await exited).not.toBe(0);
      expect(partialFiles()).toEqual([]);
      expect(existsSync(out)).toBe(false);
    }, 120_000);
  }

  it("removes partial files of backups whose process is gone, and keeps a running one's", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const stale = `.old.jsonl.${gone}.partial`;
    const running = `.other.jsonl.${process.pid}.partial`;
    for (const name of [stale, running]) writeFileSync(join(work, name), "half a backup\n");
    const child = backUp(join(work, `${randomUUID()}.jsonl`));
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(code, stderr).toBe(0);
    expect(partialFiles()).toEqual([running]);
    rmSync(join(work, running));
  }, 120_000);
});
