import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "./service-process.js";

// The service on an embedded data directory, run as a container runs it: the built dist/, in
// production mode, as its own process.

const root = fileURLToPath(new URL("..", import.meta.url));
const directories: string[] = [];
afterAll(() => directories.forEach((directory) => rmSync(directory, { recursive: true, force: true })));
function dataDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "posts-api-embedded-"));
  directories.push(directory);
  return join(directory, "pglite");
}

const serviceEnv = (directory: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  BETTER_AUTH_SECRET: "embedded-database-test-secret-of-32-characters",
  DATABASE_URL: `pglite:${directory}`,
  ...extra,
});

// A fresh PID namespace is what a container's restart gives the service: unshare needs root (or
// user namespaces); CI runs as root, so there a missing permission fails instead of skipping.
const canUnshare = spawnSync("unshare", ["-fp", "--mount-proc", "true"]).status === 0;

/** `node dist/main.js` as the first process of a new PID namespace; resolves once it listens. */
function startInPidNamespace(directory: string): Promise<ServiceProcess> {
  return startServiceProcess(
    "unshare",
    ["-fp", "--mount-proc", process.execPath, "--enable-source-maps", "dist/main.js"],
    { cwd: root, env: serviceEnv(directory) },
  );
}

/** `node dist/main.js` under the usual umask (022: new files readable by all), once it listens. */
function startService(directory: string, extra: Record<string, string> = {}): Promise<ServiceProcess> {
  return startServiceProcess(
    "sh",
    ["-c", 'umask 022 && exec "$0" --enable-source-maps dist/main.js', process.execPath],
    {
      cwd: root,
      env: serviceEnv(directory, extra),
    },
  );
}

async function stop(service: ServiceProcess): Promise<void> {
  expect(await service.stop()).toBe(0);
}

/** Every file and folder under `directory` that another user could read, write or enter, with its mode. */
function openToOthers(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .map((entry) => ({ entry, mode: statSync(join(directory, entry)).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o077) !== 0)
    .map(({ entry, mode }) => `${entry} ${mode.toString(8)}`);
}

/** The service's node process: unshare's one child. */
function nodeOf(service: ServiceProcess): number {
  return Number(execFileSync("pgrep", ["-P", String(service.process.pid)], { encoding: "utf8" }).trim());
}

describe.skipIf(!canUnshare && process.env.CI !== "true")("the embedded database's lock across a crash", () => {
  it("is taken over after a kill -9 by the next start in a new PID namespace, which has the dead one's PID", async () => {
    const directory = dataDirectory();
    const crashed = await startInPidNamespace(directory);
    process.kill(nodeOf(crashed), "SIGKILL");
    await crashed.exited;
    const [stalePid] = readFileSync(join(directory, "service.lock"), "utf8").split("\n");

    const restarted = await startInPidNamespace(directory);
    try {
      const [pid] = readFileSync(join(directory, "service.lock"), "utf8").split("\n");
      expect(pid).toBe(stalePid);
      const ready = await fetch(`http://127.0.0.1:${restarted.port}/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: "ready" } });
    } finally {
      process.kill(nodeOf(restarted), "SIGTERM");
      expect(await restarted.exited).toBe(0);
    }
  }, 240_000);
});

describe("the embedded database's files", () => {
  it("are the service's alone: a new data directory's folders 0700 and files 0600, and an existing one's made so at start", async () => {
    const directory = dataDirectory();
    const created = await startService(directory);
    try {
      expect(statSync(directory).mode & 0o777).toBe(0o700);
      expect(openToOthers(directory)).toEqual([]);
    } finally {
      await stop(created);
    }
    expect(created.output()).not.toContain("readable by other users");

    // As a directory left by an earlier version: everything readable and writable by all.
    for (const entry of ["", ...readdirSync(directory, { recursive: true, encoding: "utf8" })]) {
      const path = join(directory, entry);
      chmodSync(path, statSync(path).isDirectory() ? 0o777 : 0o666);
    }
    const restarted = await startService(directory);
    try {
      expect(openToOthers(directory)).toEqual([]);
      expect(restarted.output()).toMatch(
        /"message":"The embedded database's files were readable by other users: [1-9]\d* files and folders made private to the service's user/,
      );
    } finally {
      await stop(restarted);
    }
  }, 240_000);
});

describe("an operator's transaction left open on the embedded database's socket", () => {
  const unavailable = { error: "The database is unavailable, try again shortly", code: "service_unavailable" };

  it("costs requests at most the query timeout (503), fails /ready at once, and the service recovers when it ends", async () => {
    const directory = dataDirectory();
    const service = await startService(directory, { DATABASE_QUERY_TIMEOUT_MS: "1000" });
    const operator = new pg.Client({ host: join(directory, "socket"), user: "postgres", database: "postgres" });
    // Without a bound the requests below would wait for the operator's COMMIT, which comes after them.
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${service.port}${path}`, { signal: AbortSignal.timeout(30_000) });
      return { status: res.status, body: await res.json() };
    };
    try {
      await operator.connect();
      await operator.query("begin");
      await operator.query("select count(*) from users");

      expect(await get("/ready")).toEqual({ status: 503, body: unavailable });
      expect(await get("/api/posts")).toEqual({ status: 503, body: unavailable });

      await operator.query("commit");
      expect(await get("/ready")).toEqual({ status: 200, body: { status: "ready" } });
      expect((await get("/api/posts")).status).toBe(200);
    } finally {
      await operator.end();
      await stop(service);
    }
  }, 240_000);
});

// A container's memory limit, as `docker run --memory` sets it: a cgroup (v1 here) of its own.
const MEMORY_CGROUPS = "/sys/fs/cgroup/memory";
const canLimitMemory =
  existsSync(join(MEMORY_CGROUPS, "memory.limit_in_bytes")) && process.getuid?.() === 0 && !!process.env.npm_execpath;
const LIMIT_MB = 384;
// The npm that runs this suite (npm test, npx vitest).
const npmCli = process.env.npm_execpath ?? "";

describe.skipIf(!canLimitMemory && process.env.CI !== "true")("a first start under a container's memory limit", () => {
  it(`answers /ready on a new data directory within ${LIMIT_MB} MB, and again on a restart`, async () => {
    const directory = dataDirectory();
    const group = join(MEMORY_CGROUPS, `posts-api-test-${process.pid}`);
    mkdirSync(group);
    try {
      writeFileSync(join(group, "memory.limit_in_bytes"), String(LIMIT_MB * 1024 * 1024));
      // No swap to spill into either.
      writeFileSync(join(group, "memory.memsw.limit_in_bytes"), String(LIMIT_MB * 1024 * 1024));
      for (const start of ["first", "restart"]) {
        // `npm start` as a container runs it, entered into the group before it runs.
        const service = await startServiceProcess(
          "sh",
          ["-c", `echo $$ > ${group}/cgroup.procs && exec "$0" "$1" start`, process.execPath, npmCli],
          { cwd: root, env: serviceEnv(directory) },
        ).catch((error: Error) => {
          const kills = /oom_kill (\d+)/.exec(readFileSync(join(group, "memory.oom_control"), "utf8"))?.[1];
          throw new Error(`${start}: ${error.message} (out-of-memory kills in the group: ${kills})`);
        });
        try {
          const ready = await fetch(`http://127.0.0.1:${service.port}/ready`);
          expect({ start, status: ready.status }).toEqual({ start, status: 200 });
        } finally {
          await stop(service);
        }
      }
    } finally {
      rmdirSync(group);
    }
  }, 240_000);
});
