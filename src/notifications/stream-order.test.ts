import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { openEventSource, useSecondInstance } from "../../test/streams.js";

// A live stream sends every notification exactly once, whatever order concurrent writers commit
// in, and a reconnect by Last-Event-ID resumes exactly where it left off. The streams are served
// by an app with its own change feed, as another instance would be.

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

async function comment(user: TestUser, postId: string, content: string): Promise<void> {
  const res = await fetch(`${instance.base}/api/v2/posts/${postId}/comments/`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json" },
    body: JSON.stringify({ content }),
  });
  expect(res.status).toBe(201);
}

function duplicates(ids: string[]): string[] {
  return ids.filter((id, at) => ids.indexOf(id) !== at);
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

describe("40 users commenting 25 times each on one author's post, all at once", () => {
  const USERS = 40;
  const COMMENTS = 25;
  const TOTAL = USERS * COMMENTS;
  let author: TestUser;
  let commenters: TestUser[];

  beforeAll(async () => {
    author = await signUp(t);
    commenters = [];
    for (let n = 0; n < USERS; n++) commenters.push(await signUp(t));
  }, 120_000);

  async function commentAll(postId: string, onHalf?: () => Promise<void>): Promise<void> {
    let written = 0;
    let half: Promise<void> | undefined;
    await Promise.all(
      commenters.map(async (user) => {
        for (let n = 0; n < COMMENTS; n++) {
          await comment(user, postId, `comment ${n}`);
          written += 1;
          if (written === TOTAL / 2 && onHalf) half = onHalf();
        }
      }),
    );
    await half;
  }

  it("delivers every one of the 1,000 notifications once to the author's open stream", async () => {
    const post = await createPost(t, author);
    const stream = await openEventSource(instance, author);
    try {
      await commentAll(post.id);
      const ids = await stream.idsOnceAtLeast(TOTAL, { withinMs: 60_000 });
      expect({ delivered: ids.length, duplicated: duplicates(ids) }).toEqual({ delivered: TOTAL, duplicated: [] });
    } finally {
      stream.close();
    }
  }, 180_000);

  it("delivers all 1,000 once across a reconnect by Last-Event-ID halfway", async () => {
    const post = await createPost(t, author);
    const first = await openEventSource(instance, author);
    let second: Awaited<ReturnType<typeof openEventSource>> | undefined;
    try {
      await commentAll(post.id, async () => {
        first.close();
        second = await openEventSource(instance, author, first.lastEventId());
      });
      const ids = await poll(
        () => [...first.ids(), ...(second?.ids() ?? [])],
        (got) => got.length >= TOTAL,
        { withinMs: 60_000 },
      );
      expect({ delivered: ids.length, duplicated: duplicates(ids) }).toEqual({ delivered: TOTAL, duplicated: [] });
    } finally {
      first.close();
      second?.close();
    }
  }, 180_000);
});
