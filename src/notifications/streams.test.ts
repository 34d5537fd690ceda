import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { EventSource } from "eventsource";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { startApp } from "../../test/start-app.js";
import { openEventSource, openRawStream, useSecondInstance } from "../../test/streams.js";
import { createHttpServer } from "../http/server.js";
import { sessions, users } from "../db/schema.js";

// The live stream of GET /api/v2/notifications/ (Accept: text/event-stream), read with a real
// EventSource client. The streams are served by a second app on the same database with its own
// change feed (as another instance would be), and a keep-alive every 50 ms instead of 25 s.

const t = useTestApp();
const SHORT_TIMEOUTS = { keepAliveMs: 200, headersMs: 200, requestMs: 300, checkIntervalMs: 50 };
// The production server with its timeouts shortened: a stream must outlive them.
const instance = useSecondInstance(t, {
  notificationStreams: { heartbeatMs: 50 },
  serve: (app) => createHttpServer(app, SHORT_TIMEOUTS).listen(0, "127.0.0.1"),
});

async function send(admin: TestUser, userId: string, message: string): Promise<{ id: string }> {
  const res = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({ userId, message });
  expect(res.status).toBe(201);
  return res.body;
}

describe("GET /api/v2/notifications/ as a live stream", () => {
  it("sends a notification created after it opened: an id starting with its id, event notification and the list's object", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const { source, received, idsOnceAtLeast } = await openEventSource(instance, user);
    try {
      const created = await send(admin, user.id, "Hello, live");
      await idsOnceAtLeast(1);
      const list = await t.http.get("/api/v2/notifications/").set("Cookie", user.cookie);
      expect(received).toEqual([
        {
          id: created.id,
          eventId: expect.stringMatching(new RegExp(`^${created.id}\\.\\d+\\.\\d+$`)),
          type: "notification",
          data: list.body.results[0],
        },
      ]);
    } finally {
      source.close();
    }
  });

  it("sends notifications written by any other writer, and only to their own user", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const mine = await openEventSource(instance, user);
    const theirs = await openEventSource(instance, other);
    try {
      // Another process's connection on PostgreSQL; on PGlite, the one embedded database.
      const insert =
        "insert into notifications (user_id, type, message) values ($1, 'admin', 'From elsewhere') returning id";
      let id: string;
      if (t.database.kind === "postgres") {
        const client = new pg.Client({ connectionString: t.config.databaseUrl });
        await client.connect();
        id = (await client.query(insert, [user.id])).rows[0].id;
        await client.end();
      } else {
        const result = await t.database.db.execute(
          sql`insert into notifications (user_id, type, message) values (${user.id}, 'admin', 'From elsewhere') returning id`,
        );
        id = (result as { rows: { id: string }[] }).rows[0]!.id;
      }
      expect(await mine.idsOnceAtLeast(1)).toEqual([id]);
      expect(theirs.received).toEqual([]);
    } finally {
      mine.source.close();
      theirs.source.close();
    }
  });

  it("replays what came after Last-Event-ID, oldest first, then goes on live", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const first = await send(admin, user.id, "one");
    const second = await send(admin, user.id, "two");
    const third = await send(admin, user.id, "three");
    const stream = await openEventSource(instance, user, first.id);
    try {
      expect(await stream.idsOnceAtLeast(2)).toEqual([second.id, third.id]);
      const fourth = await send(admin, user.id, "four");
      expect(await stream.idsOnceAtLeast(3)).toEqual([second.id, third.id, fourth.id]);
    } finally {
      stream.close();
    }
  });

  it("replays what came while away after the last event received, though that notification was deleted since", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const first = await openEventSource(instance, user);
    const seen = await send(admin, user.id, "seen");
    expect(await first.idsOnceAtLeast(1)).toEqual([seen.id]);
    first.close();
    const away = [await send(admin, user.id, "while away 1"), await send(admin, user.id, "while away 2")];
    expect((await t.http.delete(`/api/v2/notifications/${seen.id}/`).set("Cookie", user.cookie)).status).toBe(204);

    const again = await openEventSource(instance, user, first.lastEventId());
    try {
      expect(await again.idsOnceAtLeast(2)).toEqual(away.map((notification) => notification.id));
    } finally {
      again.close();
    }
  });

  it("resumes after a bare notification id too, and starts afresh after an id it cannot place", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const first = await send(admin, user.id, "one");
    const second = await send(admin, user.id, "two");
    for (const [lastEventId, expected] of [
      [first.id, [second.id]],
      [`${first.id}.18446744073709551616.1`, []],
      ["not-an-id", []],
    ] as const) {
      const stream = await openEventSource(instance, user, lastEventId);
      try {
        const third = await send(admin, user.id, `after ${lastEventId}`);
        expect(await stream.idsOnceAtLeast(expected.length + 1)).toEqual([...expected, third.id]);
      } finally {
        stream.close();
      }
    }
  });

  it("logs a stream once it ends, with how long it was open", async () => {
    const user = await signUp(t);
    const from = instance.logs.length;
    const stream = await openRawStream(instance, user);
    // How long the stream stays open is what its log line must show.
    await sleep(300);
    await stream.cancel();
    const logged = () =>
      instance.logs
        .slice(from)
        .filter((entry) => entry.level === "http")
        .map((entry) => String(entry.message))
        .find((line) => line.startsWith("GET /api/v2/notifications/ 200 "));
    const line = await poll(logged, (found) => found !== undefined);
    expect(Number(/ (\d+(?:\.\d+)?) ms$/.exec(line ?? "")?.[1])).toBeGreaterThanOrEqual(300);
  });

  it("keeps an idle stream alive with a comment line, past the server's request and keep-alive timeouts", async () => {
    const user = await signUp(t);
    const stream = await openRawStream(instance, user);
    const opened = Date.now();
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(await poll(stream.text, (text) => text.includes(": keep-alive\n\n"))).toContain(": keep-alive\n\n");
    // Outliving the timeouts is what is tested: the stream waits past them.
    await sleep(Math.max(0, 3 * SHORT_TIMEOUTS.requestMs - (Date.now() - opened)));
    const sentSoFar = stream.text().length;
    expect((await poll(stream.text, (text) => text.length > sentSoFar)).length).toBeGreaterThan(sentSoFar);
    expect(stream.ended()).toBe(false);
    await stream.cancel();
  });

  it.each([
    [
      "signs out",
      (user: TestUser) => t.http.post("/api/auth/sign-out").set("Cookie", user.cookie).set("Origin", t.config.authUrl),
    ],
    [
      "has its sessions revoked",
      (user: TestUser) => t.database.db.delete(sessions).where(eq(sessions.userId, user.id)),
    ],
    ["is deleted", (user: TestUser) => t.database.db.delete(users).where(eq(users.id, user.id))],
  ])("ends when its user %s, and the EventSource's reconnection is refused", async (_how, endSession) => {
    const user = await signUp(t);
    const { source } = await openEventSource(instance, user);
    const errors: (number | undefined)[] = [];
    source.onerror = (error) => errors.push(error.code);
    await endSession(user);
    // The end of the stream, then the reconnection's refusal, after which the client gives up.
    expect(
      await poll(
        () => source.readyState,
        (state) => state === EventSource.CLOSED,
      ),
    ).toBe(EventSource.CLOSED);
    expect(errors.at(-1)).toBe(401);
  });

  it("is refused without a session: 401 JSON, as the list", async () => {
    const res = await fetch(`${instance.base}/api/v2/notifications/`, { headers: { accept: "text/event-stream" } });
    const list = await t.http.get("/api/v2/notifications/");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(list.body);
  });

  it("keeps at most 5 open streams per user: a sixth closes the oldest", async () => {
    const user = await signUp(t);
    const streams: Awaited<ReturnType<typeof openRawStream>>[] = [];
    for (let n = 0; n < 6; n++) streams.push(await openRawStream(instance, user));
    expect(await poll(streams[0]!.ended, (ended) => ended)).toBe(true);
    expect(streams.slice(1).map((stream) => stream.ended())).toEqual([false, false, false, false, false]);
    await Promise.all(streams.slice(1).map((stream) => stream.cancel()));
  });

  it("serves the cursor list without the event-stream Accept header", async () => {
    const user = await signUp(t);
    const res = await fetch(`${instance.base}/api/v2/notifications/`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ next: null, previous: null, results: [] });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL !== undefined)("a stream whose start is slow to read", () => {
  it("sends every notification committed after its 200", async () => {
    const user = await signUp(t);
    const insert = "insert into notifications (user_id, type, message) values ($1, 'admin', $2) returning id";
    const locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    try {
      // The stream's read of where it starts waits for this lock.
      await locker.query("begin");
      await locker.query("lock table notifications in access exclusive mode");
      let answeredAt: number | undefined;
      const opening = openRawStream(instance, user).then((stream) => {
        answeredAt = performance.now();
        return stream;
      });
      await poll(
        () => answeredAt,
        (at) => at !== undefined,
        { withinMs: 1_000 },
      );
      const held = (await locker.query<{ id: string }>(insert, [user.id, "held"])).rows[0]!.id;
      const commitSentAt = performance.now();
      await locker.query("commit");
      const stream = await opening;
      const after = (await locker.query<{ id: string }>(insert, [user.id, "after"])).rows[0]!.id;

      const ids = () => [...stream.text().matchAll(/^id: ([0-9a-f-]{36})/gm)].map((match) => match[1]);
      const committedAfterTheAnswer = answeredAt! < commitSentAt ? [held, after] : [after];
      expect(await poll(ids, (got) => got.includes(after))).toEqual(committedAfterTheAnswer);
      await stream.cancel();
    } finally {
      await locker.end();
    }
  });
});

describe("notification streams at shutdown", () => {
  it("end when the change feed closes, so a draining server can finish", async () => {
    const app = await startApp({ beside: t, ownServices: true });
    try {
      const user = await signUp(t);
      const res = await fetch(`${app.url}/api/v2/notifications/`, {
        headers: { cookie: user.cookie, accept: "text/event-stream" },
      });
      expect(res.status).toBe(200);
      await app.changes.close();
      // The body ends (no error): what a client sees when an instance stops, before reconnecting elsewhere.
      expect(await res.text()).toBe("");
    } finally {
      await app.close();
    }
  });
});
