import { describe, expect, it } from "vitest";
import { signIn, signUp, type TestUser } from "./factories.js";
import { streamingReplicaRunsHere, useReplicatedApp } from "./streaming-replica.js";

// Who a session belongs to, with which roles, and whether it or its user still exists, must never
// be read from a replica that has not replayed the change: a revoked session would come back.
// A real primary and streaming replica whose replay the tests pause; the file runs in the
// PostgreSQL run of the suite (TEST_DATABASE_URL), where CI must run it.
if (!streamingReplicaRunsHere) {
  console.info(
    "replica sessions: skipped (needs TEST_DATABASE_URL and PostgreSQL 15's server programs in /usr/lib/postgresql/15/bin or PG_BINDIR)",
  );
}

const ORIGIN = "http://localhost:3000";
// How long each phase is watched: while replay is paused, and after the replica caught up.
const WATCH_MS = 3_000;

describe.skipIf(!streamingReplicaRunsHere)("sessions with a lagging read replica", () => {
  // Reads of a session that wrote go to the primary for this long: kept short so they do not hide lag.
  const { cluster, t } = useReplicatedApp({ DATABASE_REPLICA_STICKY_MS: "0" });

  /** Every status `request` answers while replay is paused, then after the replica caught up. */
  async function statusesAcrossLag<T>(change: () => Promise<void>, request: () => Promise<T>) {
    await cluster.onReplica("select pg_wal_replay_pause()");
    const seen: { paused: T[]; caughtUp: T[] } = { paused: [], caughtUp: [] };
    try {
      await change();
      for (const end = performance.now() + WATCH_MS; performance.now() < end;) seen.paused.push(await request());
    } finally {
      await cluster.onReplica("select pg_wal_replay_resume()");
    }
    await cluster.caughtUp();
    for (const end = performance.now() + WATCH_MS; performance.now() < end;) seen.caughtUp.push(await request());
    return seen;
  }

  const only = <T>(status: T) => ({ paused: [status], caughtUp: [status] });
  const distinct = <T>(seen: { paused: T[]; caughtUp: T[] }) => ({
    paused: [...new Set(seen.paused)],
    caughtUp: [...new Set(seen.caughtUp)],
  });

  it("refuses a session revoked by a password change at once, reads and writes, while the replica lags", async () => {
    const victim = await signUp(t);
    const stolen = await signIn(t.http, victim);
    expect((await t.http.get("/api/profile").set("Cookie", stolen)).status).toBe(200);

    let write = 0;
    const seen = await statusesAcrossLag(
      async () => {
        const res = await t.http
          .post("/api/auth/change-password")
          .set("Cookie", victim.cookie)
          .set("Origin", ORIGIN)
          .send({ currentPassword: victim.password, newPassword: "a brand new password", revokeOtherSessions: true });
        expect(res.status).toBe(200);
      },
      async () => {
        const read = await t.http.get("/api/profile").set("Cookie", stolen);
        write += 1;
        const posted = await t.http
          .post("/api/posts")
          .set("Cookie", stolen)
          .send({ title: `Stolen ${write}`, content: "Written with a revoked session" });
        return read.status === posted.status ? read.status : read.status * 1000 + posted.status;
      },
    );
    expect(distinct(seen)).toEqual(only(401));
  }, 60_000);

  it("answers better-auth's get-session for a revoked session with no session while the replica lags", async () => {
    const victim = await signUp(t);
    const stolen = await signIn(t.http, victim);
    expect((await t.http.get("/api/auth/get-session").set("Cookie", stolen)).body).not.toBeNull();

    const seen = await statusesAcrossLag(
      async () => {
        const res = await t.http.post("/api/auth/sign-out").set("Cookie", stolen).set("Origin", ORIGIN);
        expect(res.status).toBe(200);
      },
      async () => {
        const res = await t.http.get("/api/auth/get-session").set("Cookie", stolen);
        return `${res.status} ${JSON.stringify(res.body)}`;
      },
    );
    expect(distinct(seen)).toEqual(only("200 null"));
  }, 60_000);

  it("stops an admin demoted to USER at once while the replica lags", async () => {
    const operator = await signUp(t, { roles: ["ADMIN"] });
    const demoted = await signUp(t, { roles: ["ADMIN"] });
    expect((await t.http.get("/api/users").set("Cookie", demoted.cookie)).status).toBe(200);

    const seen = await statusesAcrossLag(
      async () => {
        const res = await t.http
          .put(`/api/users/${demoted.id}/roles`)
          .set("Cookie", operator.cookie)
          .send({ roles: ["USER"] });
        expect(res.status).toBe(200);
      },
      async () => (await t.http.get("/api/users").set("Cookie", demoted.cookie)).status,
    );
    expect(distinct(seen)).toEqual(only(403));
  }, 60_000);

  it("refuses a deleted user's session at once while the replica lags", async () => {
    const operator = await signUp(t, { roles: ["ADMIN"] });
    const deleted: TestUser = await signUp(t);
    expect((await t.http.get("/api/profile").set("Cookie", deleted.cookie)).status).toBe(200);

    const seen = await statusesAcrossLag(
      async () => {
        const res = await t.http.delete(`/api/users/${deleted.id}`).set("Cookie", operator.cookie);
        expect(res.status).toBe(204);
      },
      async () => (await t.http.get("/api/profile").set("Cookie", deleted.cookie)).status,
    );
    expect(distinct(seen)).toEqual(only(401));
  }, 60_000);
});
