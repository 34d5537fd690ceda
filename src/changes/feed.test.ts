import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { type Change, CHANGES_CHANNEL, type ChangeFeed } from "./feed.js";

// Anyone who may connect to the database may NOTIFY on the channel: whatever they send must not
// stop the service or reach the caches or the streams as a change. The test app's own feed is
// used, with a signed-in user's session in its cache and the user's stream open, so every kind of
// subscriber is there.

const t = useTestApp();
let feed: ChangeFeed;
let base: string;
let user: TestUser;
const received: Change[] = [];

beforeAll(async () => {
  feed = t.changes;
  feed.subscribe({ change: (change) => received.push(change), trust: () => undefined });
  if (!t.server.listening) await once(t.server, "listening");
  base = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  user = await signUp(t);
});

function notify(payload: string): Promise<unknown> {
  return t.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
}

/** Sends a valid change after whatever came before, and waits until the feed delivers it. */
async function aChangeStillArrives(): Promise<void> {
  const id = randomUUID();
  await notify(JSON.stringify({ kind: "user", ids: [id] }));
  const heard = await poll(
    () => received.some((change) => change.kind === "user" && change.ids?.includes(id)),
    (found) => found,
  );
  expect(heard).toBe(true);
}

async function profileStatus(): Promise<number> {
  return (await fetch(`${base}/api/profile`, { headers: { cookie: user.cookie } })).status;
}

function warningsAboutIgnoredMessages(): number {
  return t.logs.filter((entry) => entry.message === "Change feed: ignored a message that is not a change").length;
}

const knownKinds = fc.constantFrom("user", "posts", "notifications", "marker", "other");
/** Change-like objects with every field of any JSON type, and plain JSON values. */
const payloads = fc.oneof(
  fc.record(
    {
      kind: knownKinds,
      ids: fc.jsonValue(),
      users: fc.jsonValue(),
      authors: fc.jsonValue(),
      tags: fc.jsonValue(),
      marker: fc.jsonValue(),
    },
    { requiredKeys: ["kind"] },
  ),
  fc.record({ marker: fc.jsonValue() }),
  fc.jsonValue(),
);

describe("the change feed", () => {
  it("ignores payloads that are not a change object, and still delivers the next change", async () => {
    for (const payload of ["1", "null", '"user"', "true", "[]", "{not json", '{"marker":1}']) await notify(payload);
    await aChangeStillArrives();
    expect(received.filter((change) => typeof change !== "object" || change === null || !("kind" in change))).toEqual(
      [],
    );
    expect(feed.trusted).toBe(true);
  });

  it("logs one warning for a change whose lists are not lists of ids, and no subscriber sees it", async () => {
    const stream = await fetch(`${base}/api/v2/notifications/`, {
      headers: { cookie: user.cookie, accept: "text/event-stream" },
    });
    expect(await profileStatus()).toBe(200);
    const before = warningsAboutIgnoredMessages();
    await notify('{"kind":"notifications","users":"x"}');
    await notify('{"kind":"user","ids":1}');
    await aChangeStillArrives();
    expect(warningsAboutIgnoredMessages() - before).toBe(2);
    expect(received.some((change) => change.kind === "notifications")).toBe(false);
    expect(await profileStatus()).toBe(200);
    await stream.body!.cancel();
  });

  it("survives any JSON sent on the channel: the service still answers and the feed still delivers", async () => {
    const stream = await fetch(`${base}/api/v2/notifications/`, {
      headers: { cookie: user.cookie, accept: "text/event-stream" },
    });
    await fc.assert(
      fc.asyncProperty(payloads, async (value) => {
        const payload = JSON.stringify(value) ?? "undefined";
        if (Buffer.byteLength(payload) < 7_900) await notify(payload);
      }),
      { numRuns: 300 },
    );
    await aChangeStillArrives();
    expect(feed.trusted).toBe(true);
    expect(await profileStatus()).toBe(200);
    await stream.body!.cancel();
  });

  it("keeps a subscriber's failure to itself: the others still hear the change, one warning is logged", async () => {
    const failing = feed.subscribe({
      change: () => {
        throw new TypeError("a subscriber's own bug");
      },
      trust: () => undefined,
    });
    const heardAfter: Change[] = [];
    const later = feed.subscribe({ change: (change) => heardAfter.push(change), trust: () => undefined });
    try {
      await aChangeStillArrives();
      expect(heardAfter).toHaveLength(1);
      expect(t.logs.filter((entry) => entry.message === "Change feed: a subscriber failed on a change")).toHaveLength(
        1,
      );
      expect(await profileStatus()).toBe(200);
    } finally {
      failing();
      later();
    }
  });
});
