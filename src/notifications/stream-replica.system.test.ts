import { describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/factories.js";
import { poll } from "../../test/poll.js";
import { openEventSource, useTestAppStreams } from "../../test/streams.js";
import { streamingReplicaRunsHere, useReplicatedApp } from "../../test/streaming-replica.js";

// With read replicas, a stream still starts where the events are: its positions are read from the
// primary, so a reconnect during replica lag gets exactly what it missed, and a new stream nothing
// committed before it opened. A real primary and a streaming replica, whose replay is paused.

describe.skipIf(!streamingReplicaRunsHere)("a live stream with a lagging read replica", () => {
  // The user's reads go to the replica as soon as the test starts, not only after 5 s.
  const { cluster, t } = useReplicatedApp({ DATABASE_REPLICA_STICKY_MS: "0" });

  const host = useTestAppStreams(t);
  const openStream = async (user: TestUser, lastEventId?: string) => {
    const stream = await openEventSource(host, user, lastEventId);
    return { ...stream, messages: () => stream.received.map((event) => (event.data as { message: string }).message) };
  };

  async function send(admin: TestUser, userId: string, message: string): Promise<string> {
    const res = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({ userId, message });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it("resumes a reconnect after the notification it names, and starts a new stream after what is committed", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    // The replica has the user's session before its replay stops.
    expect(
      await poll(
        async () => (await t.http.get("/api/profile").set("Cookie", user.cookie)).status,
        (s) => s === 200,
      ),
    ).toBe(200);
    await cluster.onReplica("select pg_wal_replay_pause()");
    try {
      const first = await openStream(user);
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4]) ids.push(await send(admin, user.id, `n${n}`));
      expect(
        await poll(
          () => first.messages(),
          (got) => got.length >= 4,
        ),
      ).toEqual(["n1", "n2", "n3", "n4"]);
      first.close();

      const reconnected = await openStream(user, ids[3]);
      const fresh = await openStream(user);
      await send(admin, user.id, "n5");
      expect(
        await poll(
          () => reconnected.messages(),
          (got) => got.length >= 1,
        ),
      ).toEqual(["n5"]);
      expect(
        await poll(
          () => fresh.messages(),
          (got) => got.length >= 1,
        ),
      ).toEqual(["n5"]);
      reconnected.close();
      fresh.close();
    } finally {
      await cluster.onReplica("select pg_wal_replay_resume()");
    }
  });
});
