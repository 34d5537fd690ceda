import { createHmac, randomUUID } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { users } from "../db/schema.js";
import { createSessionCache } from "./session-cache.js";
import { createSessionLookup } from "./session-lookup.js";

// The session cache's memory bound, filled to its entry limit: a system test, as it looks up
// 10,000 sessions (session-cache.test.ts covers what empties the cache).
const t = useTestApp();

describe("the session cache", () => {
  it("stays small when filled with the largest sessions clients can make: heap growth under 50 MB", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    // The cache's entry limit, each session's user with the longest name and a 1 MB image.
    const SESSIONS = 10_000;
    const userIds = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const [row] = await t.database.db
          .insert(users)
          .values({
            name: "N".repeat(100),
            email: `big-${randomUUID()}@example.com`,
            image: `data:,${"x".repeat(1024 * 1024)}`,
          })
          .returning({ id: users.id });
        return row!.id;
      }),
    );
    const prefix = randomUUID();
    await t.database.db.execute(sql`
      insert into sessions (token, user_id, expires_at, created_at, updated_at)
      select ${prefix} || '-' || n, (${sql.raw(`array['${userIds.join("','")}']::uuid[]`)})[1 + n % 5], now() + interval '6 days 23 hours', now(), now()
      from generate_series(1, ${SESSIONS}) as n`);
    // The guards' own lookup and a cache of the app's kind, called directly: 10,000 requests over
    // HTTP would take minutes on a loaded machine, and the cache's size can be read here.
    const cache = createSessionCache(t.changes, 60_000);
    const findSession = createSessionLookup({ auth: t.auth, db: t.database.db, cache, logger: t.logger });
    const cookieOf = (n: number) => {
      const token = `${prefix}-${n}`;
      return `auth.session_token=${encodeURIComponent(`${token}.${createHmac("sha256", t.config.authSecret).update(token).digest("base64")}`)}`;
    };
    const viaBetterAuth = () => Promise.reject(new Error("a fresh session needs no better-auth call"));

    expect((await findSession(cookieOf(1), viaBetterAuth))?.user.name).toBe("N".repeat(100));
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 2; n <= SESSIONS; n++) await findSession(cookieOf(n), viaBetterAuth);
    gc();
    const growth = process.memoryUsage().heapUsed - before;
    console.info("session cache fill", JSON.stringify({ ...cache.size, heapGrowthMB: +(growth / 2 ** 20).toFixed(1) }));
    expect(cache.size.entries).toBe(SESSIONS);
    expect(growth).toBeLessThan(50 * 2 ** 20);
  }, 120_000);
});
