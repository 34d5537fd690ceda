import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { type Change, CHANGES_CHANNEL, ChangeFeed } from "./change-feed.js";
import { poll } from "../../test/poll.js";

// Anyone who may connect to the database may NOTIFY on the channel: whatever they send must not
// stop the service or reach the caches as a change.

const t = useTestApp();
let feed: ChangeFeed;
const received: Change[] = [];

beforeAll(async () => {
  feed = await ChangeFeed.open(t.database, t.logger);
  feed.subscribe({ change: (change) => received.push(change), trust: () => undefined });
});

afterAll(async () => {
  await feed.close();
});

describe("the change feed", () => {
  it("ignores payloads that are not a change object, and still delivers the next change", async () => {
    for (const payload of ["1", "null", '"user"', "true", "[]", "{not json", '{"marker":1}'])
      await t.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
    await t.database.db.execute(
      sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ kind: "user", ids: ["someone"] })})`,
    );
    const delivered = await poll(
      async () => received.filter((change) => change.kind === "user" && change.ids?.includes("someone")).length,
      (count) => count > 0,
    );
    expect(delivered).toBe(1);
    expect(received.filter((change) => typeof change !== "object" || change === null || !("kind" in change))).toEqual(
      [],
    );
    expect(feed.trusted).toBe(true);
  });
});
