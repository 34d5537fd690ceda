import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { sessions, users } from "../db/schema.js";
import { poll } from "../../test/poll.js";

// A long lifetime, so every refusal below comes from the change feed, not from an entry expiring.
const t = useTestApp({ SESSION_CACHE_MS: "60000" });
const noAuthSession = { error: "No auth session" };

const status = async (path: string, cookie: string) => (await t.http.get(path).set("Cookie", cookie)).status;

/** Polls until `path` answers `expected` for the cookie (a notification arrives after its commit), for at most 5 s. */
function eventually(path: string, cookie: string, expected: number): Promise<number> {
  return poll(
    () => status(path, cookie),
    (answer) => answer === expected,
    { withinMs: 5_000, everyMs: 10 },
  );
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
});
