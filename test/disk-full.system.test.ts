import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "./factories.js";
import { useTestApp } from "./harness.js";
import { queryOnce } from "./streaming-replica.js";

// A filesystem of its own, small enough to fill: a tmpfs, which only root may mount. Elsewhere
// the file says why it is skipped.
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.info("disk full: skipped (needs root to mount a tmpfs)");

/** A 80 MB tmpfs, mounted before the file's apps start and unmounted after they closed. */
function useSmallDisk(options = ""): { path: string; fill(leaveBytes: number): void; free(): void } {
  const path = mkdtempSync(join(tmpdir(), "posts-api-disk-full-"));
  const filler = join(path, "filler");
  // Registered before the app's: this runs before it starts, and (vitest runs a file's afterAll
  // hooks last first) the unmount once its database is closed and nothing holds the filesystem.
  beforeAll(() => void execFileSync("mount", ["-t", "tmpfs", "-o", `size=80m${options}`, "tmpfs", path]));
  afterAll(() => {
    execFileSync("umount", [path]);
    rmSync(path, { recursive: true, force: true });
  });
  return {
    path,
    fill: (leaveBytes) => {
      const stats = statfsSync(path);
      execFileSync("fallocate", ["-l", String(stats.bavail * stats.bsize - leaveBytes), filler]);
    },
    free: () => rmSync(filler, { force: true }),
  };
}

const SERVICE_UNAVAILABLE = { error: "The database is unavailable, try again shortly", code: "service_unavailable" };

describe.skipIf(!asRoot)("the embedded database's disk nearly full", () => {
  const disk = useSmallDisk();
  const t = useTestApp({ DATABASE_URL: `pglite:${join(disk.path, "data")}` });

  it("makes /ready answer 503 with the reason in the log, and 200 once space returns", async () => {
    const author = await signUp(t);
    expect((await t.http.get("/ready")).status).toBe(200);
    disk.fill(1024 * 1024);
    try {
      const ready = await t.http.get("/ready");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual(SERVICE_UNAVAILABLE);
      expect(t.logs.filter((entry) => entry.reason === "disk_full").length).toBeGreaterThan(0);
    } finally {
      disk.free();
    }
    expect((await t.http.get("/ready")).status).toBe(200);
    const post = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send({ title: "After", content: "Space is back" });
    expect(post.status).toBe(201);
  });

  it("answers a write that finds no space 503, never 500", async () => {
    const author = await signUp(t);
    disk.fill(0);
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const res = await t.http
          .post("/api/posts")
          .set("Cookie", author.cookie)
          .send({ title: `Full ${i}`, content: randomBytes(4096).toString("hex") });
        statuses.push(res.status);
      }
    } finally {
      disk.free();
    }
    console.info(`disk full (pglite): ${JSON.stringify(statuses)}`);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // Space back: writes go on, and what was answered 201 is there.
    const after = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send({ title: "Room again", content: "Space came back." });
    expect(after.status).toBe(201);
    const mine = await t.http.get(`/api/v2/posts/?author=${author.id}&page_size=100`).set("Cookie", author.cookie);
    expect(mine.body.count).toBe(statuses.filter((status) => status === 201).length + 1);
  });
});

// On PostgreSQL the posts table is moved to a tablespace on the small disk: a post that does not
// fit fails with disk_full (53100) while the rest of the server, its WAL included, carries on.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
describe.skipIf(!asRoot || !onPostgres)("PostgreSQL with the posts' disk full", () => {
  const postgresUser = () => [
    Number(execFileSync("id", ["-u", "postgres"])),
    Number(execFileSync("id", ["-g", "postgres"])),
  ];
  const [uid, gid] = asRoot && onPostgres ? postgresUser() : [0, 0];
  const disk = useSmallDisk(`,uid=${uid},gid=${gid},mode=0700`);
  const tablespace = `posts_api_small_${process.pid}`;
  // Once the app's database, and the posts table with it, is dropped; before the unmount.
  afterAll(() => queryOnce(process.env.TEST_DATABASE_URL!, `drop tablespace if exists ${tablespace}`));
  const t = useTestApp();
  beforeAll(async () => {
    await queryOnce(t.config.databaseUrl, `create tablespace ${tablespace} location '${disk.path}'`);
    await queryOnce(t.config.databaseUrl, `alter table posts set tablespace ${tablespace}`);
  });

  it("answers a write that does not fit 503 with the reason in the log, loses nothing acknowledged, and writes again once space returns", async () => {
    const author = await signUp(t);
    disk.fill(1024 * 1024);
    const acknowledged: string[] = [];
    let refused: { status: number; body: unknown } | undefined;
    try {
      for (let i = 0; i < 2_000 && !refused; i++) {
        const res = await t.http
          .post("/api/posts")
          .set("Cookie", author.cookie)
          .send({ title: `Post ${i}`, content: randomBytes(6_000).toString("base64") });
        if (res.status === 201) acknowledged.push(res.body.post.id as string);
        else refused = { status: res.status, body: res.body };
      }
      expect(refused).toEqual({ status: 503, body: SERVICE_UNAVAILABLE });
      expect(t.logs.filter((entry) => entry.reason === "disk_full" && entry.sqlState === "53100")).toHaveLength(1);
    } finally {
      disk.free();
    }
    const after = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send({ title: "After", content: "Space is back" });
    expect(after.status).toBe(201);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const id of acknowledged) expect((await t.http.get(`/api/posts/${id}`)).status, id).toBe(200);
  }, 120_000);
});
