import { beforeAll, describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { openEventSource, useSecondInstance } from "../../test/streams.js";

// A live stream sends every one of a thousand notifications exactly once while forty writers
// commit them at once, and a reconnect by Last-Event-ID halfway loses and repeats none. The
// streams are served by an app with its own change feed, as another instance would be.

const t = useTestApp();
const instance = useSecondInstance(t);

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
