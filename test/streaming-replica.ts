import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type TestApp, useTestApp } from "./harness.js";
import { freePortIn } from "./ports.js";
import { poll } from "./poll.js";

// PostgreSQL 15's server programs, where Debian installs them (PG_BINDIR elsewhere).
const BIN_DIR = process.env.PG_BINDIR ?? "/usr/lib/postgresql/15/bin";
export const postgresServerInstalled = existsSync(join(BIN_DIR, "pg_basebackup"));
/**
 * Whether a file may start a cluster here: it needs PostgreSQL's server programs, so it runs in
 * the PostgreSQL run of the suite (TEST_DATABASE_URL), where CI must run it.
 */
export const streamingReplicaRunsHere =
  Boolean(process.env.TEST_DATABASE_URL) && (postgresServerInstalled || process.env.CI === "true");

// The machine's own server allows no replication connections (pg_hba.conf has no `replication`
// line), and a test must not edit it: the test starts its own primary and a replica of it.
// Several test files start their clusters at the same time: each picks a port from a random point
// of the range just before starting, and another one if a neighbour took it first.
const PORTS = { from: 5440, to: 5999 };
const START_ATTEMPTS = 5;

export interface StreamingReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the replica (e.g. `select pg_wal_replay_pause()`). */
  onReplica(statement: string): Promise<void>;
  /** Resolves once the replica has replayed everything the primary had written when it was called. */
  caughtUp(): Promise<void>;
  /** Ends recovery on the replica: it becomes a primary of its own (`pg_ctl promote`). */
  promoteReplica(): void;
  stopReplica(): void;
  /** Restarts the primary as an operator would (`pg_ctl restart -m fast`): every session is ended. */
  restartPrimary(): void;
}

/**
 * A primary and a streaming replica (initdb, pg_basebackup -R, pg_ctl) in a temporary directory,
 * started before the file's tests and removed after them. The server refuses to run as root, so
 * under root (CI) every program runs as the `postgres` user, which owns the directory.
 */
export function useStreamingReplica(): StreamingReplica {
  const context = {} as StreamingReplica;
  let dir = "";
  const started: string[] = [];
  let stopAll = () => {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "posts-api-replica-"));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(dir, Number(run("id", ["-u", "postgres"])), Number(run("id", ["-g", "postgres"])));
    const postgres = (program: string, args: string[]) =>
      asRoot
        ? run("runuser", ["-u", "postgres", "--", join(BIN_DIR, program), ...args])
        : run(join(BIN_DIR, program), args);
    const start = (name: string, port: number) => {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
      postgres("pg_ctl", ["-D", join(dir, name), "-l", join(dir, `${name}.log`), "-o", options, "-w", "start"]);
      started.push(name);
    };

    const startOnFreePort = async (name: string): Promise<number> => {
      for (let attempt = 1; ; attempt++) {
        const from = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from - 20));
        const port = await freePortIn(from, PORTS.to);
        try {
          start(name, port);
          return port;
        } catch (error) {
          if (attempt === START_ATTEMPTS) throw error;
        }
      }
    };
    postgres("initdb", ["-D", join(dir, "primary"), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
    const primaryPort = await startOnFreePort("primary");
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    postgres("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      join(dir, "replica"),
      "-R",
      "-X",
      "stream",
      "--no-sync",
    ]);
    const replicaPort = await startOnFreePort("replica");

    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    Object.assign(context, {
      primaryUrl,
      replicaUrl,
      onReplica: async (statement: string) => void (await queryOnce(replicaUrl, statement)),
      caughtUp: async () => {
        const lsn = String((await queryOnce(primaryUrl, "select pg_current_wal_lsn()::text as lsn"))[0]?.lsn);
        const replayed = async () =>
          (await queryOnce(replicaUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`))[0]?.done;
        if ((await poll(replayed, (done) => done === true, { withinMs: 30_000, everyMs: 50 })) !== true)
          throw new Error(`the replica did not replay up to ${lsn}`);
      },
      promoteReplica: () => void postgres("pg_ctl", ["-D", join(dir, "replica"), "-w", "promote"]),
      restartPrimary: () =>
        void postgres("pg_ctl", [
          "-D",
          join(dir, "primary"),
          "-l",
          join(dir, "primary.log"),
          "-m",
          "fast",
          "-w",
          "restart",
        ]),
      stopReplica: () => {
        postgres("pg_ctl", ["-D", join(dir, "replica"), "-m", "immediate", "-w", "stop"]);
        started.splice(started.indexOf("replica"), 1);
      },
    } satisfies StreamingReplica);
    stopAll = () => {
      for (const name of started.splice(0).reverse())
        postgres("pg_ctl", ["-D", join(dir, name), "-m", "immediate", "-w", "stop"]);
    };
  }, 120_000);

  afterAll(() => {
    try {
      stopAll();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  return context;
}

/**
 * A primary and a streaming replica, and the test app on them with the replica as its read
 * replica; `env` adds to the app's settings (how long a writer's reads stay on the primary).
 */
export function useReplicatedApp(env: Record<string, string> = {}): { cluster: StreamingReplica; t: TestApp } {
  const cluster = useStreamingReplica();
  // Getters: the cluster's addresses exist only once its beforeAll (registered first) has run.
  const t = useTestApp({
    get DATABASE_URL() {
      return cluster.primaryUrl;
    },
    get DATABASE_REPLICA_URLS() {
      return cluster.replicaUrl;
    },
    ...env,
  });
  return { cluster, t };
}

export async function queryOnce(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

function run(program: string, args: string[]): string {
  try {
    return execFileSync(program, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${program} ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}`, { cause: error });
  }
}

/**
 * The warnings about read replicas among a test app's log entries. Others (the change feed's, say,
 * on a loaded machine) come and go with the machine and are not what a replica test is about.
 */
export function replicaWarnings<Entry extends Record<string, unknown>>(logs: Entry[]): Entry[] {
  return logs.filter((entry) => entry.level === "warn" && /replica/i.test(String(entry.message)));
}
