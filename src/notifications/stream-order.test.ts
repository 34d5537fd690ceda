import pg from "pg";
import { describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { openEventSource, useSecondInstance } from "../../test/streams.js";

// A live stream sends every notification exactly once, whatever order concurrent writers commit
// in, and a reconnect by Last-Event-ID resumes exactly where it left off (a thousand writers at
// once: stream-order.system.test.ts). The streams are served by an app with its own change feed,
// as another instance would be.

const t = useTestApp();
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const instance = useSecondInstance(t);

async function sendAdminNotification(admin: TestUser, userId: string, message: string): Promise<string> {
  const res = await fetch(`${instance.base}/api/v2/notifications/`, {
    method: "POST",
    headers: { cookie: admin.cookie, "content-type": "application/json" },
    body: JSON.stringify({ userId, message }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe.runIf(onPostgres)("a notification committed after a later-started one was sent", () => {
  it("reaches the open stream and a reconnect by Last-Event-ID", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const before = await sendAdminNotification(admin, user.id, "before both");
    const stream = await openEventSource(instance, user);
    // The early writer starts its transaction first (its created_at is that start), then waits.
    const early = new pg.Client({ connectionString: t.config.databaseUrl });
    await early.connect();
    try {
      await early.query("begin");
      await early.query("select now()");
      const late = await sendAdminNotification(admin, user.id, "started later, committed first");
      expect(
        await poll(
          () => stream.ids(),
          (ids) => ids.includes(late),
        ),
      ).toEqual([late]);
      const inserted = await early.query<{ id: string }>(
        "insert into notifications (user_id, type, message) values ($1, 'admin', 'started first, committed last') returning id",
        [user.id],
      );
      await early.query("commit");
      const earlyId = inserted.rows[0]!.id;
      expect(await stream.idsOnceAtLeast(2)).toEqual([late, earlyId]);

      const fromBefore = await openEventSource(instance, user, before);
      const fromLate = await openEventSource(instance, user, late);
      try {
        expect(await fromBefore.idsOnceAtLeast(2)).toEqual([late, earlyId]);
        expect(await fromLate.idsOnceAtLeast(1)).toEqual([earlyId]);
      } finally {
        fromBefore.close();
        fromLate.close();
      }
    } finally {
      stream.close();
      await early.end();
    }
  });

  it("waits for an older transaction still open, then sends both in commit-safe order", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const stream = await openEventSource(instance, user);
    const early = new pg.Client({ connectionString: t.config.databaseUrl });
    await early.connect();
    try {
      await early.query("begin");
      const inserted = await early.query<{ id: string }>(
        "insert into notifications (user_id, type, message) values ($1, 'admin', 'written first, committed last') returning id",
        [user.id],
      );
      const late = await sendAdminNotification(admin, user.id, "written later, committed first");
      await early.query("commit");
      const earlyId = inserted.rows[0]!.id;
      expect(await stream.idsOnceAtLeast(2)).toEqual([earlyId, late]);
    } finally {
      stream.close();
      await early.end();
    }
  });
});
