import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { CuttableProxy } from "./cuttable-proxy.js";
import { withDatabase } from "./databases.js";
import { poll } from "./poll.js";
import { type StartedApp, startApp } from "./start-app.js";

// The database server is never stopped: the service reaches it through a TCP proxy this test
// cuts and restores, and its server-side connections are terminated in the middle of the load.

const serverUrl = process.env.TEST_DATABASE_URL;
const unavailable = { error: "The database is unavailable, try again shortly", code: "service_unavailable" };

interface Outcome {
  startedAt: number;
  endedAt: number;
  status: number | "network-error";
  title: string;
  postId?: string;
  body?: unknown;
}

interface ServiceUnderTest {
  base: string;
  proxy: CuttableProxy;
  logs: StartedApp["logs"];
  /** Its fresh database's name, for reading and ending its sessions from outside. */
  databaseName: string;
  /** Closes the app and drops its database, then the proxy. */
  close(): Promise<void>;
}

/** The real app on a fresh database, connected through a proxy of its own. */
async function startService(env: Record<string, string> = {}): Promise<ServiceUnderTest> {
  const target = new URL(serverUrl!);
  const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.open();
  const app = await startApp({
    env: { LOG_LEVEL: "info", ...env },
    // No mail worker: the writers alone use the pool's connections, before and during the outage.
    mailWorker: false,
    connectVia: (databaseUrl) => {
      const viaProxy = new URL(databaseUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      return viaProxy.toString();
    },
  });
  return {
    base: app.url,
    proxy,
    logs: app.logs,
    databaseName: new URL(app.config.databaseUrl).pathname.slice(1),
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
      proxy.cut();
    },
  };
}

/** Signs a writer up, then keeps `concurrency` POST /api/posts going until stopped, recording each answer. */
async function startWriters(base: string, concurrency = 8) {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    // fetch sends Sec-Fetch-Mode: better-auth then requires an Origin it trusts (BETTER_AUTH_URL's).
    headers: { "content-type": "application/json", origin: "http://localhost:3000" },
    body: JSON.stringify({
      name: "Outage Writer",
      email: `outage-${randomUUID()}@example.com`,
      password: "correct horse battery",
    }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .find((c) => c.startsWith("auth.session_token="))!
    .split(";")[0]!;
  const authorId = ((await signUp.json()) as { user: { id: string } }).user.id;

  let running = true;
  let sequence = 0;
  const outcomes: Outcome[] = [];
  const writer = async () => {
    while (running) {
      const title = `Outage write ${++sequence}`;
      const startedAt = performance.now();
      try {
        const res = await fetch(`${base}/api/posts`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ title, content: "Written while the database comes and goes." }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json()) as { post?: { id: string } };
        outcomes.push({
          startedAt,
          endedAt: performance.now(),
          status: res.status,
          title,
          postId: body.post?.id,
          body,
        });
      } catch {
        outcomes.push({ startedAt, endedAt: performance.now(), status: "network-error", title });
      }
    }
  };
  const writers = Array.from({ length: concurrency }, writer);
  const startedSince = (at: number) => outcomes.filter((o) => o.startedAt >= at);
  return {
    authorId,
    outcomes,
    /** Waits until `count` requests started at or after `at` have been answered, whatever the answer. */
    answered: (count: number, at: number) =>
      poll(
        () => startedSince(at).length,
        (n) => n >= count,
      ),
    /** Waits until the last `count` answers to requests started at or after `at` are all 201. */
    acknowledgedInARow: (count: number, at = 0) =>
      poll(
        () => startedSince(at).slice(-count),
        (last) => last.length === count && last.every((o) => o.status === 201),
      ),
    stop: async () => {
      running = false;
      await Promise.all(writers);
    },
  };
}

async function readyStatus(base: string): Promise<number> {
  // A /ready that hangs fails the test here, with its reason, rather than as the test's own timeout.
  return (await fetch(`${base}/ready`, { signal: AbortSignal.timeout(5_000) })).status;
}

/** Polls /ready until 200 (or 10 s); returns how long that took. */
async function untilReady(base: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const status = await poll(
    () => readyStatus(base),
    (answer) => answer === 200,
  );
  return { status, ms: Math.round(performance.now() - started) };
}

describe.skipIf(!serverUrl)("database outage (PostgreSQL through a cuttable proxy)", () => {
  it("answers 503 quickly while the database is away, recovers by itself and loses no acknowledged write", async () => {
    const service = await startService();
    try {
      const load = await startWriters(service.base);
      await load.acknowledgedInARow(40);

      // The server ends the service's sessions (as a failover or a restart would) mid-load.
      const terminatedAt = performance.now();
      const terminated = await terminateBackends(service.databaseName);
      // Writing again on new sessions before the next blow, so that each phase shows on its own.
      await load.acknowledgedInARow(8, performance.now());

      const cutAt = performance.now();
      service.proxy.cut();
      const readyDuringCut = await poll(
        () => readyStatus(service.base),
        (status) => status === 503,
      );
      // Ten answers a writer while the database is unreachable: a request that waited for it
      // instead would hold its writer, and the count would not be reached before the deadline.
      await load.answered(80, cutAt);

      const restoredAt = performance.now();
      await service.proxy.open();
      const readyAgain = await untilReady(service.base);
      await load.acknowledgedInARow(16, restoredAt);
      await load.stop();

      const { outcomes } = load;
      const during = outcomes.filter((o) => o.startedAt >= cutAt && o.endedAt < restoredAt);
      const after = outcomes.filter((o) => o.startedAt >= restoredAt);
      const phases = {
        before: outcomes.filter((o) => o.startedAt < terminatedAt),
        terminated: outcomes.filter((o) => o.startedAt >= terminatedAt && o.startedAt < cutAt),
        cut: during,
        straddlingRestore: outcomes.filter((o) => o.startedAt < restoredAt && o.endedAt >= restoredAt),
        restored: after,
      };
      const acknowledged = outcomes.filter((o) => o.status === 201);
      const stored = await postsOf(service.databaseName, load.authorId);
      const storedTitles = new Set(stored.values());
      console.info(
        "outage summary",
        JSON.stringify({
          terminatedBackends: terminated,
          requests: Object.fromEntries(Object.entries(phases).map(([name, list]) => [name, statusCounts(list)])),
          cutLatencyMs: percentiles(during.map((o) => o.endedAt - o.startedAt)),
          cutLengthMs: Math.round(restoredAt - cutAt),
          readyDuringCut,
          readyAgainAfterMs: readyAgain.ms,
          acknowledgedWrites: acknowledged.length,
          rowsInDatabase: stored.size,
          unacknowledgedButStored: outcomes.filter((o) => o.status !== 201 && storedTitles.has(o.title)).length,
        }),
      );

      // During the cut: nothing but 503 service_unavailable, each well inside the pool's connect timeout.
      expect(during.length).toBeGreaterThan(20);
      for (const o of during) {
        expect(o.status, JSON.stringify(o)).toBe(503);
        expect(o.body).toEqual(unavailable);
      }
      expect(Math.max(...during.map((o) => o.endedAt - o.startedAt))).toBeLessThan(1_000);
      expect(readyDuringCut).toBe(503);

      // Recovery without a restart: ready again, and writes succeed again.
      expect(readyAgain.status).toBe(200);
      expect(after.filter((o) => o.status === 201).length).toBeGreaterThan(10);
      expect(after.slice(-8).every((o) => o.status === 201)).toBe(true);

      // Every acknowledged write is in the database, as acknowledged.
      expect(acknowledged.length).toBeGreaterThan(50);
      for (const o of acknowledged) expect(stored.get(o.postId!), o.title).toBe(o.title);
      // Nothing but 201 and 503 (no 401 or 500 from a session lookup that failed).
      expect(outcomes.every((o) => o.status === 201 || o.status === 503)).toBe(true);
      // Each failed request is logged once, with its request id.
      const outageLines = service.logs.filter(
        (entry) => entry.code === "service_unavailable" && entry.endpoint === "POST /api/posts",
      );
      expect(outageLines).toHaveLength(outcomes.filter((o) => o.status === 503).length);
      expect(outageLines.every((entry) => typeof entry.requestId === "string")).toBe(true);
    } finally {
      await service.close();
    }
  });
});

describe.skipIf(!serverUrl)("database partition (packets dropped, nothing refused)", () => {
  // Short, so that the stall shows them quickly, yet well above what a write takes.
  const connectTimeoutMs = 500;
  const queryTimeoutMs = 750;

  it("answers 503 within the configured timeouts instead of hanging, then recovers", async () => {
    const service = await startService({
      DATABASE_CONNECT_TIMEOUT_MS: String(connectTimeoutMs),
      DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs),
    });
    try {
      const load = await startWriters(service.base);
      await load.acknowledgedInARow(40);

      const stalledAt = performance.now();
      service.proxy.stall();
      // While no packet gets through, only the timeouts can answer /ready and the writers.
      const [readyDuringStall] = await Promise.all([
        poll(
          () => readyStatus(service.base),
          (status) => status === 503,
        ),
        load.answered(9, stalledAt),
      ]);

      const restoredAt = performance.now();
      service.proxy.unstall();
      const readyAgain = await untilReady(service.base);
      await load.acknowledgedInARow(16, restoredAt);
      await load.stop();

      const { outcomes } = load;
      const during = outcomes.filter((o) => o.startedAt >= stalledAt && o.endedAt < restoredAt);
      const inFlightAtStall = outcomes.filter((o) => o.startedAt < stalledAt && o.endedAt >= stalledAt);
      const after = outcomes.filter((o) => o.startedAt >= restoredAt);
      const acknowledged = outcomes.filter((o) => o.status === 201);
      const stored = await postsOf(service.databaseName, load.authorId);
      console.info(
        "partition summary",
        JSON.stringify({
          inFlightAtStall: statusCounts(inFlightAtStall),
          duringStall: statusCounts(during),
          stallLatencyMs: percentiles([...inFlightAtStall, ...during].map((o) => o.endedAt - o.startedAt)),
          readyDuringStall,
          readyAgainAfterMs: readyAgain.ms,
          afterRestore: statusCounts(after),
          acknowledgedWrites: acknowledged.length,
          rowsInDatabase: stored.size,
        }),
      );

      // Bounded by the query timeout or the connect timeout, never by the client giving up.
      expect(during.length).toBeGreaterThan(8);
      for (const o of [...inFlightAtStall, ...during]) {
        if (o.status === 201) continue;
        expect(o.status, JSON.stringify(o)).toBe(503);
        expect(o.body).toEqual(unavailable);
      }
      expect(during.every((o) => o.status === 503)).toBe(true);
      expect(Math.max(...[...inFlightAtStall, ...during].map((o) => o.endedAt - o.startedAt))).toBeLessThan(
        connectTimeoutMs + queryTimeoutMs,
      );
      expect(readyDuringStall).toBe(503);

      expect(readyAgain.status).toBe(200);
      expect(after.slice(-8).every((o) => o.status === 201)).toBe(true);
      for (const o of acknowledged) expect(stored.get(o.postId!), o.title).toBe(o.title);
    } finally {
      await service.close();
    }
  });
});

async function withAdmin<T>(database: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl!, database) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function terminateBackends(database: string): Promise<number> {
  return withAdmin("postgres", async (client) => {
    const { rows } = await client.query(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    return rows.filter((row: { done: boolean }) => row.done).length;
  });
}

async function postsOf(database: string, authorId: string): Promise<Map<string, string>> {
  return withAdmin(database, async (client) => {
    const { rows } = await client.query("select id, title from posts where author_id = $1", [authorId]);
    return new Map(rows.map((row: { id: string; title: string }) => [row.id, row.title]));
  });
}

function statusCounts(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}
