import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { createServiceMetrics } from "../src/metrics/prometheus.js";
import { scraped, valueOf } from "./exposition.js";
import { createPost, signUp } from "./factories.js";
import { poll } from "./poll.js";
import {
  queryOnce,
  replicaWarnings,
  streamingReplicaRunsHere,
  useReplicatedApp,
  useStreamingReplica,
} from "./streaming-replica.js";

// A replica whose replay stops keeps answering, so only its lag tells that what it answers is
// old: a post made private there stays readable by everyone. A real primary and streaming replica,
// started for this file; they need PostgreSQL's server programs, so the file runs in the
// PostgreSQL run of the suite (TEST_DATABASE_URL).
if (!streamingReplicaRunsHere) {
  console.info(
    "replica lag: skipped (needs TEST_DATABASE_URL and PostgreSQL 15's server programs in /usr/lib/postgresql/15/bin or PG_BINDIR)",
  );
}

const MAX_LAG_MS = 1_000;

interface Status {
  replica: string;
  inUse: boolean;
  problem?: string;
  lagMs?: number;
}

describe.skipIf(!streamingReplicaRunsHere)("replica lag (DATABASE_REPLICA_MAX_LAG_MS)", () => {
  // No sticky window: every GET, the author's too, would read on the replica while it is in use.
  const { cluster, t } = useReplicatedApp({
    DATABASE_REPLICA_STICKY_MS: "0",
    DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
  });
  const status = async () => ((await t.http.get("/ready")).body.replicas as Status[])[0]!;

  it("takes a replica whose replay stopped out of use past the bound, reads on the primary, and uses it again once it caught up", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author, { title: "Soon private", visibility: "public" });
    await cluster.caughtUp();
    expect(await poll(status, (s) => s.inUse, { withinMs: 20_000 })).toMatchObject({ inUse: true });
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(200);

    await cluster.onReplica("select pg_wal_replay_pause()");
    try {
      const made = await t.http
        .patch(`/api/v2/posts/${post.id}/`)
        .set("Cookie", author.cookie)
        .send({ visibility: "private" });
      expect(made.status, JSON.stringify(made.body)).toBe(200);

      // The replica still shows the post public; once its lag passes the bound, others read on the
      // primary, where it is private.
      const read = await poll(
        async () => (await t.http.get(`/api/posts/${post.id}`)).status,
        (code) => code === 404,
        { withinMs: 20_000, everyMs: 100 },
      );
      expect(read).toBe(404);
      const list = await t.http.get("/api/posts");
      expect(list.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
      const out = await status();
      expect(out).toEqual({
        replica: expect.any(String),
        inUse: false,
        problem: `replays more than DATABASE_REPLICA_MAX_LAG_MS (${MAX_LAG_MS} ms) behind the primary`,
        lagMs: expect.any(Number),
      });
      expect(out.lagMs).toBeGreaterThan(MAX_LAG_MS);
      // A figure, not an assertion: how late past the bound the check noticed, on this machine.
      console.info(`replica lag: out of use at lagMs ${out.lagMs} (bound ${MAX_LAG_MS} ms)`);
      expect(replicaWarnings(t.logs).map(({ message, problem }) => ({ message, problem }))).toEqual([
        { message: "Read replica unavailable: reading from the primary", problem: out.problem },
      ]);

      // The gauge, from a database of its own reporting to metrics as main.ts builds it.
      const metrics = createServiceMetrics();
      const database = await openDatabase({
        url: cluster.primaryUrl,
        replicaUrls: [cluster.replicaUrl],
        replicaMaxLagMs: MAX_LAG_MS,
        poolObserver: metrics.pools,
      });
      metrics.watch({ replicas: () => database.replicaStatuses() });
      const { scrape, close } = await scraped(metrics);
      try {
        await database.migrate();
        const lag = await poll(
          async () => valueOf(await scrape(), "posts_api_db_replica_lag_seconds", `{replica="${out.replica}"}`),
          (seconds) => seconds !== undefined && seconds > MAX_LAG_MS / 1000,
          { withinMs: 20_000, everyMs: 200 },
        );
        expect(lag).toBeGreaterThan(MAX_LAG_MS / 1000);
      } finally {
        await close();
        await database.close();
      }
    } finally {
      await cluster.onReplica("select pg_wal_replay_resume()");
    }

    const back = await poll(status, (s) => s.inUse, { withinMs: 20_000, everyMs: 100 });
    expect(back).toEqual({ replica: expect.any(String), inUse: true, lagMs: expect.any(Number) });
    expect(back.lagMs).toBeLessThanOrEqual(MAX_LAG_MS / 2);
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect(t.logs.filter((entry) => entry.message === "Read replica in use again")).toHaveLength(1);
  }, 120_000);
});

describe.skipIf(!streamingReplicaRunsHere)("replica lag of an idle primary", () => {
  // A cluster of its own with no app on it: nothing writes between the checks.
  const cluster = useStreamingReplica();

  it("finds its replica current however long ago the last write was", async () => {
    const options = { url: cluster.primaryUrl, replicaUrls: [cluster.replicaUrl], replicaMaxLagMs: MAX_LAG_MS };
    const migrating = await openDatabase(options);
    try {
      await migrating.migrate();
    } finally {
      await migrating.close();
    }
    await cluster.caughtUp();
    // Nothing written for longer than the bound: the replica's last replayed commit is that old,
    // yet it has replayed everything there is.
    const idle = await poll(
      async () =>
        (
          await queryOnce(
            cluster.replicaUrl,
            `select now() - pg_last_xact_replay_timestamp() > interval '${MAX_LAG_MS * 2} milliseconds' as idle`,
          )
        )[0]?.idle,
      (answer) => answer === true,
      { withinMs: 20_000, everyMs: 200 },
    );
    expect(idle).toBe(true);
    // A database of its own: its first check has no earlier measurement to go by.
    const database = await openDatabase(options);
    try {
      await database.migrate();
      expect(database.replicaStatuses()).toEqual([{ replica: expect.any(String), inUse: true, lagMs: 0 }]);
    } finally {
      await database.close();
    }
  });
});
