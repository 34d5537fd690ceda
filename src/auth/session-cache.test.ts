import { createHmac, randomUUID } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { sessions, users } from "../db/schema.js";
import { createSessionCache } from "./session-cache.js";
import { createSessionLookup } from "./session-lookup.js";

// A long lifetime, so every refusal below comes from the change feed, not from an entry expiring.
const t = useTestApp({ SESSION_CACHE_MS: "60000" });
const noAuthSession = { error: "No auth session" };

const status = async (path: string, cookie: string) => (await t.http.get(path).set("Cookie", cookie)).status;

/** Polls until `path` answers `expected` for the cookie (a notification arrives after its commit), for at most 5 s. */
async function eventually(path: string, cookie: string, expected: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  let last = await status(path, cookie);
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = await status(path, cookie);
  }
  return last;
}

describe("the session cache", () => {
  it("forgets a session ended straight in the database, as another instance, the CLI or psql would end it", async () => {
    const user = await signUp(t);
    expect(await status("/api/profile", user.cookie)).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await eventually("/api/profile", user.cookie, 401)).toBe(401);
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body).toEqual(noAuthSession);
  });

  it("forgets a session when its user's roles change straight in the database", async () => {
    const user = await signUp(t);
    expect(await status("/api/users", user.cookie)).toBe(403);
    await t.database.db
      .update(users)
      .set({ roles: ["ADMIN"] })
      .where(eq(users.id, user.id));
    expect(await eventually("/api/users", user.cookie, 200)).toBe(200);
  });

  it("keeps a session through anonymous, failed and other users' requests; only its own user's change forgets it", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    expect(await status("/api/users", user.cookie)).toBe(403);
    // A change nobody announces: the cache can only see it once something forgets the entry.
    await t.database.db.execute(sql`alter table users disable trigger users_announce_update`);
    try {
      await t.database.db
        .update(users)
        .set({ roles: ["ADMIN"] })
        .where(eq(users.id, user.id));
    } finally {
      await t.database.db.execute(sql`alter table users enable trigger users_announce_update`);
    }
    await t.http.get("/api/posts");
    await t.http.post("/api/posts").set("Cookie", user.cookie).send({ title: "" });
    await t.http.post("/api/auth/sign-in/email").send({ email: user.email, password: "wrong password" });
    await createPost(t, other);
    expect(
      (await t.http.post("/api/auth/sign-out").set("Cookie", other.cookie).set("Origin", t.config.authUrl)).status,
    ).toBe(200);
    expect(await status("/api/users", user.cookie)).toBe(403);

    await t.database.db.update(users).set({ name: "Renamed" }).where(eq(users.id, user.id));
    expect(await eventually("/api/users", user.cookie, 200)).toBe(200);
  });

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
