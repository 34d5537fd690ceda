import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createServiceMetrics } from "../src/metrics/prometheus.js";
import { scraped, valueOf } from "./exposition.js";
import { createPost, signUp } from "./factories.js";
import { poll } from "./poll.js";
import { startApp } from "./start-app.js";
import { replicaWarnings, streamingReplicaRunsHere, useReplicatedApp } from "./streaming-replica.js";

// A real primary and streaming replica, started for this file. They need PostgreSQL's server
// programs, so the file runs in the PostgreSQL run of the suite (TEST_DATABASE_URL), where CI
// must run it; elsewhere it says why it is skipped.
if (!streamingReplicaRunsHere) {
  console.info(
    "read replicas: skipped (needs TEST_DATABASE_URL and PostgreSQL 15's server programs in /usr/lib/postgresql/15/bin or PG_BINDIR)",
  );
}

const STICKY_MS = 1_500;

describe.skipIf(!streamingReplicaRunsHere)("read replicas (DATABASE_REPLICA_URLS)", () => {
  const { cluster, t } = useReplicatedApp({ DATABASE_REPLICA_STICKY_MS: String(STICKY_MS) });

  it("shows a new post to its author at once, and to others once the replica has replayed it", async () => {
    const author = await signUp(t);
    // A frozen replica: what others read from it cannot include the new post until replay resumes.
    await cluster.onReplica("select pg_wal_replay_pause()");
    try {
      const post = await createPost(t, author, { title: "Written on the primary" });

      const byAuthor = await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie);
      expect(byAuthor.status).toBe(200);
      expect(byAuthor.body.post.title).toBe("Written on the primary");
      const ownList = await t.http.get("/api/posts").set("Cookie", author.cookie);
      expect(ownList.body.posts.map((p: { id: string }) => p.id)).toContain(post.id);

      const byOthers = await t.http.get(`/api/posts/${post.id}`);
      expect(byOthers.status).toBe(404);
    } finally {
      await cluster.onReplica("select pg_wal_replay_resume()");
    }
    const list = await t.http.get("/api/posts");
    expect(list.status).toBe(200);
    const titles = async () => (await t.http.get("/api/posts")).body.posts.map((p: { title: string }) => p.title);
    expect(await poll(titles, (seen) => seen.includes("Written on the primary"), { everyMs: 50 })).toContain(
      "Written on the primary",
    );
  });

  it("shows every new post to its author at once, not only the first the process writes", async () => {
    const author = await signUp(t);
    await createPost(t, author, { title: "Before the pause" });
    // Past the window the sign-up and that post opened: only the next writes can keep the author on the primary.
    await sleep(STICKY_MS + 500);
    await cluster.onReplica("select pg_wal_replay_pause()");
    try {
      for (const title of ["Second", "Third"]) {
        const post = await createPost(t, author, { title });
        const byAuthor = await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie);
        expect(byAuthor.status, title).toBe(200);
      }
    } finally {
      await cluster.onReplica("select pg_wal_replay_resume()");
    }
  });

  it("sends an author's reads back to the replica once the window after their write has passed, and a write request's reads to the primary", async () => {
    const author = await signUp(t);
    await cluster.onReplica("select pg_wal_replay_pause()");
    try {
      const post = await createPost(t, author, { title: "Lagging behind" });
      expect((await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status).toBe(200);
      // The replica has not replayed the post; the author reads it there once the window is over.
      const readByAuthor = async () => (await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status;
      expect(await poll(readByAuthor, (status) => status === 404, { withinMs: STICKY_MS * 4, everyMs: 100 })).toBe(404);
      // A write request reads on the primary: the post it comments on is there.
      const comment = await t.http
        .post(`/api/v2/posts/${post.id}/comments/`)
        .set("Cookie", author.cookie)
        .send({ content: "Read on the primary" });
      expect(comment.status).toBe(201);
      // And the write opens the window again.
      expect((await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status).toBe(200);
    } finally {
      await cluster.onReplica("select pg_wal_replay_resume()");
    }
  });

  it("counts reads by where they went: the replica for a reader, the primary inside a write", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author, { title: "Commented" });
    await cluster.caughtUp();
    // An app whose database reports to metrics of its own, as main.ts builds it.
    const metrics = createServiceMetrics();
    const app = await startApp({
      beside: t,
      ownServices: true,
      metrics,
      env: { DATABASE_REPLICA_URLS: cluster.replicaUrl, DATABASE_REPLICA_STICKY_MS: String(STICKY_MS) },
    });
    const { scrape, close } = await scraped(metrics);
    try {
      for (let i = 0; i < 3; i++) expect((await app.http.get(`/api/posts/${post.id}`)).status).toBe(200);
      const reads = async () => {
        const text = await scrape();
        return [
          valueOf(text, "posts_api_db_reads_total", '{target="replica"}'),
          valueOf(text, "posts_api_db_reads_total", '{target="primary"}'),
        ];
      };
      expect(await reads()).toEqual([3, undefined]);
      const comment = await app.http
        .post(`/api/v2/posts/${post.id}/comments/`)
        .set("Cookie", author.cookie)
        .send({ content: "Read on the primary" });
      expect(comment.status).toBe(201);
      const [replica, primary] = await reads();
      expect(replica).toBe(3);
      expect(primary).toBeGreaterThanOrEqual(1);
    } finally {
      await close();
      await app.close();
    }
  });

  it("answers reads from the primary while the replica is down, without a single error", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author, { title: "Still readable" });
    cluster.stopReplica();

    const responses = await Promise.all([
      t.http.get("/api/posts"),
      t.http.get(`/api/posts/${post.id}`),
      t.http.get("/api/v2/posts/"),
      t.http.get("/api/profile").set("Cookie", author.cookie),
    ]);
    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(responses[1].body.post.title).toBe("Still readable");
    // Skipped for a while after the failure: later reads do not wait for it again.
    const later = await t.http.get(`/api/posts/${post.id}`);
    expect(later.status).toBe(200);
    // One warning for the outage, not one per read or per pooled connection lost.
    const warnings = replicaWarnings(t.logs).map((entry) => entry.message);
    expect(warnings).toEqual(["Read replica unavailable: reading from the primary"]);
  });
});
