import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { releaseMigrations } from "../src/backup/migrations.js";
import { CuttableProxy } from "./cuttable-proxy.js";
import { createPost, signUp } from "./factories.js";
import { useTestApp } from "./harness.js";
import { poll } from "./poll.js";
import { loggedAt, longestPause, stallFigures, timed } from "./stall-figures.js";
import { postgresServerInstalled, queryOnce, replicaWarnings, useStreamingReplica } from "./streaming-replica.js";

// A replica is used only while it is what it claims to be (a replica of this primary, of this
// database and schema) and answers: a wrong URL, a promoted replica or a stalled one costs reads
// nothing but the primary's capacity. A real primary and streaming replica, reached directly and
// through a proxy the tests stall; the file runs in the PostgreSQL run of the suite
// (TEST_DATABASE_URL), where CI must run it.
const runsHere = Boolean(process.env.TEST_DATABASE_URL) && (postgresServerInstalled || process.env.CI === "true");
if (!runsHere) {
  console.info(
    "replica checks: skipped (needs TEST_DATABASE_URL and PostgreSQL 15's server programs in /usr/lib/postgresql/15/bin or PG_BINDIR)",
  );
}

const UNAVAILABLE = "Read replica unavailable: reading from the primary";
// How long reads are timed before the replica stalls, and while it stalls (long enough for several
// health checks).
const NORMAL_MS = 5_000;
const STALL_MS = 30_000;

/**
 * The reads among what clients sent to PostgreSQL: a simple query (Q), or the extended protocol's
 * parse (P) or bind (B), other than the health checks' (a connection's start-up message begins
 * with its length, 0).
 */
function readsIn(writes: { data: Buffer }[]): string[] {
  return writes
    .filter(({ data }) => "QPB".includes(String.fromCharCode(data[0]!)))
    .map(({ data }) => data.toString("latin1"))
    .filter((statement) => !/pg_is_in_recovery\(\)|from drizzle\.__drizzle_migrations/.test(statement));
}

describe.skipIf(!runsHere)("read replica checks", () => {
  const cluster = useStreamingReplica();
  const proxy = { current: undefined as unknown as CuttableProxy };
  const onDatabase = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).href;
  beforeAll(async () => {
    const replica = new URL(cluster.replicaUrl);
    proxy.current = new CuttableProxy({ host: replica.hostname, port: Number(replica.port) });
    await proxy.current.open();
    return () => proxy.current.cut();
  });
  const viaProxy = () => Object.assign(new URL(cluster.replicaUrl), { port: String(proxy.current.port) }).href;
  const name = (url: string) => `${new URL(url).host}${new URL(url).pathname}`;

  // First in the file: the cluster's database is still empty, so this app's start applies every
  // migration, and the replica (its replay paused) has none of them when it is first checked.
  describe("with a replica still replaying the migrations at start-up", () => {
    beforeAll(async () => {
      await cluster.onReplica("select pg_wal_replay_pause()");
      // Replay resumes only once the start-up check has seen the replica behind the primary.
      const migrations = releaseMigrations().length;
      void (async () => {
        await poll(
          () => migratedCount(cluster.primaryUrl),
          (count) => count >= migrations,
          { withinMs: 60_000, everyMs: 50 },
        );
        // Held back a while longer, so that the start-up check finds the replica behind.
        await sleep(600);
        await cluster.onReplica("select pg_wal_replay_resume()");
      })();
    });
    const t = useTestApp({
      get DATABASE_URL() {
        return cluster.primaryUrl;
      },
      get DATABASE_REPLICA_URLS() {
        return cluster.replicaUrl;
      },
    });

    it("waits for it to catch up, uses it from the start and warns of nothing", async () => {
      const ready = await t.http.get("/ready");
      expect(ready.body).toEqual({
        status: "ready",
        replicas: [{ replica: name(cluster.replicaUrl), inUse: true, lagMs: expect.any(Number) }],
      });
      expect(replicaWarnings(t.logs)).toEqual([]);
    });
  });

  describe("with a replica URL naming the wrong database", () => {
    const wrong = () => onDatabase(cluster.replicaUrl, "template1");
    const t = useTestApp({
      get DATABASE_URL() {
        return cluster.primaryUrl;
      },
      get DATABASE_REPLICA_URLS() {
        return wrong();
      },
    });

    it("never reads from it, says why in /ready and at start-up, and warns once", async () => {
      const statuses = await Promise.all(Array.from({ length: 20 }, () => t.http.get("/api/posts")));
      expect(statuses.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));

      const ready = await t.http.get("/ready");
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: "ready",
        replicas: [
          { replica: name(wrong()), inUse: false, problem: 'serves database "template1", the primary "postgres"' },
        ],
      });
      const warnings = replicaWarnings(t.logs);
      expect(warnings.map(({ message, replica, problem }) => ({ message, replica, problem }))).toEqual([
        {
          message: UNAVAILABLE,
          replica: name(wrong()),
          problem: 'serves database "template1", the primary "postgres"',
        },
        {
          message: "No read replica is usable: every read goes to the primary (see the warnings above for why)",
          replica: undefined,
          problem: undefined,
        },
      ]);
    });
  });

  describe("with a replica reached through a proxy", () => {
    const t = useTestApp({
      get DATABASE_URL() {
        return cluster.primaryUrl;
      },
      get DATABASE_REPLICA_URLS() {
        return viaProxy();
      },
      DATABASE_REPLICA_STICKY_MS: "0",
      DATABASE_REPLICA_TIMEOUT_MS: "500",
    });
    const warningsFor = (url: string) =>
      t.logs.filter((entry) => entry.message === UNAVAILABLE && entry.replica === name(url));
    const replicaStatus = async (url: string) =>
      ((await t.http.get("/ready")).body.replicas as { replica: string; inUse: boolean }[]).find(
        (s) => s.replica === name(url),
      );
    const backInUse = () => t.logs.filter((entry) => entry.message === "Read replica in use again");
    // On a busy machine a check may miss its deadline at start-up: each test starts from a replica in use.
    const untilInUse = async () => {
      const status = await poll(
        () => replicaStatus(viaProxy()),
        (answer) => answer?.inUse === true,
        { withinMs: 20_000, everyMs: 200 },
      );
      expect(status?.inUse).toBe(true);
    };

    it(
      "answers every read from the primary while the replica stalls, sends none there once it missed a deadline, warns once, and uses it again once it answers",
      async () => {
        const author = await signUp(t);
        await createPost(t, author, { title: "Read during a stall" });
        const read = () => timed(() => t.http.get("/api/posts"));
        await untilInUse();
        const pauses = longestPause();
        const normal = [];
        for (const end = performance.now() + NORMAL_MS; performance.now() < end;)
          normal.push(...(await Promise.all([read(), read()])));
        const [warned, returned] = [warningsFor(viaProxy()).length, backInUse().length];

        proxy.current.stall();
        const during = [];
        let noticedAt: number;
        try {
          for (const end = performance.now() + STALL_MS; performance.now() < end;)
            during.push(...(await Promise.all([read(), read()])));
          expect([...new Set(during.map((request) => request.status))]).toEqual([200]);
          expect(warningsFor(viaProxy())).toHaveLength(warned + 1);
          expect(await replicaStatus(viaProxy())).toEqual({
            replica: name(viaProxy()),
            inUse: false,
            problem: expect.stringMatching(/^(did not answer a read in time|does not answer in time)$/),
          });
          // Once it missed a deadline, the replica is asked nothing but its health checks: no read
          // waits on it again.
          noticedAt = loggedAt(warningsFor(viaProxy()).at(-1));
          expect(readsIn(proxy.current.dropped.filter((write) => write.at > noticedAt))).toEqual([]);
        } finally {
          proxy.current.unstall();
        }
        console.info(stallFigures("replica", normal, during, noticedAt, pauses()));

        await untilInUse();
        expect(backInUse()).toHaveLength(returned + 1);
        expect(warningsFor(viaProxy())).toHaveLength(warned + 1);
      },
      60_000 + NORMAL_MS + STALL_MS,
    );

    // Last: the cluster has no replica after it.
    it("stops reading from a replica once it is promoted, and says so", async () => {
      const author = await signUp(t);
      await untilInUse();
      const warned = warningsFor(viaProxy()).length;
      cluster.promoteReplica();
      const post = await createPost(t, author, { title: "Written after the promotion" });
      const readByAuthor = async () => (await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status;
      expect(await poll(readByAuthor, (status) => status === 200, { withinMs: 20_000, everyMs: 200 })).toBe(200);
      for (let i = 0; i < 10; i++) expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(200);
      expect(await replicaStatus(viaProxy())).toEqual({
        replica: name(viaProxy()),
        inUse: false,
        problem: "not in recovery (promoted, or not a replica): it no longer follows the primary",
      });
      expect(warningsFor(viaProxy())).toHaveLength(warned + 1);
    }, 60_000);
  });
});

/** How many migrations the database at `url` has applied (0 before the first). */
async function migratedCount(url: string): Promise<number> {
  const [table] = await queryOnce(url, "select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return 0;
  const [applied] = await queryOnce(url, "select count(*)::int as n from drizzle.__drizzle_migrations");
  return Number(applied?.n);
}
