// DELETE /api/v2/me/: the owner deletes their account with its password; the same end state as an
// ADMIN's deletion, every session ended on every instance, an audit entry without personal data.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, accounts, comments, notifications, posts, sessions, users } from "../db/schema.js";
import { createPost, signIn, signUp, type TestUser, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { openRawStream, useSecondInstance, useTestAppStreams } from "../../test/streams.js";

const t = useTestApp();
// Another instance on the same database, with its own change feed and session cache.
const other = useSecondInstance(t);
const streams = useTestAppStreams(t);
const limited = useSecondApp(t, { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_AUTH: "2", RATE_LIMIT_GLOBAL: "1000" });

const deleteOwn = (user: Pick<TestUser, "cookie">, password: string) =>
  t.http.delete("/api/v2/me/").set("Cookie", user.cookie).send({ password });

const profileOn = (base: string, cookie: string) =>
  fetch(`${base}/api/profile`, { headers: { cookie } }).then((res) => res.status);

async function userExists(id: string) {
  return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
}

describe("DELETE /api/v2/me/", () => {
  it("refuses a wrong password: 400 invalid_password, and the account stays", async () => {
    const ada = await signUp(t);
    const res = await deleteOwn(ada, "not the password");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Invalid password", code: "invalid_password" });
    expect(await userExists(ada.id)).toBe(true);
    expect((await t.http.get("/api/profile").set("Cookie", ada.cookie)).status).toBe(200);
  });

  it("refuses without a password: 400 naming the field", async () => {
    const ada = await signUp(t);
    const res = await t.http.delete("/api/v2/me/").set("Cookie", ada.cookie).send({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["password"]);
    expect(await userExists(ada.id)).toBe(true);
  });

  it("needs a session: 401", async () => {
    const res = await t.http.delete("/api/v2/me/").send({ password: "correct horse battery" });
    expect(res.status).toBe(401);
  });

  it("refuses the last ADMIN (any ADMIN): 409 last_admin_protection, as for demoting oneself", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await deleteOwn(admin, admin.password);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      detail: "An ADMIN cannot delete their own account: another ADMIN must first remove the ADMIN role",
      code: "last_admin_protection",
    });
    expect(await userExists(admin.id)).toBe(true);
  });

  it("refuses an ADMIN impersonating the owner: 403, the owner stays", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t);
    const res = await t.http
      .delete("/api/v2/me/")
      .query({ impersonatingUser: ada.id })
      .set("Cookie", admin.cookie)
      .send({ password: ada.password });
    expect(res.status).toBe(403);
    expect(await userExists(ada.id)).toBe(true);
    expect(await userExists(admin.id)).toBe(true);
  });

  it("refuses an account with no password (identity provider only): 409 password_not_set, saying how", async () => {
    const ada = await signUp(t);
    await t.database.db
      .update(accounts)
      .set({ providerId: "oidc", accountId: "sub-1", password: null })
      .where(eq(accounts.userId, ada.id));
    const res = await deleteOwn(ada, ada.password);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("password_not_set");
    expect(res.body.detail).toContain("/api/auth/request-password-reset");
    expect(await userExists(ada.id)).toBe(true);
  });

  it("deletes the account: every session 401 on every instance, live streams end, content gone as an ADMIN's deletion leaves it", async () => {
    const ada = await signUp(t, { name: "Ada Lovelace" });
    const bob = await signUp(t);
    const secondCookie = await signIn(t.http, ada);
    const adaPost = await createPost(t, ada);
    const bobPost = await createPost(t, bob);
    const bobOnAda = await t.http
      .post(`/api/v2/posts/${adaPost.id}/comments/`)
      .set("Cookie", bob.cookie)
      .send({ content: "Bob comments on Ada's post" });
    expect(bobOnAda.status).toBe(201);
    const adaOnBob = await t.http
      .post(`/api/v2/posts/${bobPost.id}/comments/`)
      .set("Cookie", ada.cookie)
      .send({ content: "Ada comments on Bob's post" });
    expect(adaOnBob.status).toBe(201);
    // Both instances have read (and may cache) both sessions.
    for (const cookie of [ada.cookie, secondCookie]) {
      expect(await profileOn(other.base, cookie)).toBe(200);
      expect(await profileOn(streams.base, cookie)).toBe(200);
    }
    const stream = await openRawStream(other, ada);

    const res = await deleteOwn(ada, ada.password);
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    for (const cookie of [ada.cookie, secondCookie]) {
      expect(await profileOn(streams.base, cookie)).toBe(401);
      expect(
        await poll(
          () => profileOn(other.base, cookie),
          (status) => status === 401,
        ),
      ).toBe(401);
    }
    expect(await poll(stream.ended, (ended) => ended)).toBe(true);
    const db = t.database.db;
    expect(await userExists(ada.id)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, ada.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, ada.id))).toEqual([]);
    // Their posts go, with every comment under them (Bob's too); their comments elsewhere go.
    expect(await db.select().from(posts).where(eq(posts.authorId, ada.id))).toEqual([]);
    expect(await db.select().from(comments).where(eq(comments.id, bobOnAda.body.id))).toEqual([]);
    expect(await db.select().from(comments).where(eq(comments.id, adaOnBob.body.id))).toEqual([]);
    // Bob's post stays.
    expect((await t.http.get(`/api/posts/${bobPost.id}`)).status).toBe(200);

    const entries = await db.select().from(auditLog).where(eq(auditLog.targetId, ada.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "user.delete",
      actorId: ada.id,
      actorEmail: null,
      method: "DELETE",
      path: "/api/v2/me/",
      details: { ownAccount: true },
    });
    const text = JSON.stringify(entries[0]);
    expect(text).not.toContain(ada.email);
    expect(text).not.toContain("Ada Lovelace");
    // Nor anywhere else in the trail.
    const mentioning = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`audit_log::text ilike ${`%${ada.email}%`}`);
    expect(mentioning).toEqual([]);
  });

  it("reaches the end state of an ADMIN's deletion: the same rows gone", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const [own, byAdmin] = [await signUp(t), await signUp(t)];
    for (const user of [own, byAdmin]) await createPost(t, user);
    expect((await deleteOwn(own, own.password)).status).toBe(204);
    expect((await t.http.delete(`/api/v2/users/${byAdmin.id}/`).set("Cookie", admin.cookie)).status).toBe(204);
    const db = t.database.db;
    for (const user of [own, byAdmin]) {
      expect(await userExists(user.id)).toBe(false);
      expect(await db.select().from(posts).where(eq(posts.authorId, user.id))).toEqual([]);
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    }
  });

  it("is rate-limited like sign-in: per address, RATE_LIMIT_AUTH a minute, 429 with Retry-After", async () => {
    const ada = await signUp(t);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        await limited.http.delete("/api/v2/me/").set("Cookie", ada.cookie).send({ password: "wrong password" }),
      );
    expect(answers.map((res) => res.status)).toEqual([400, 400, 429]);
    expect(answers[2]!.body).toEqual({ detail: "Too many requests, try again later", code: "rate_limited" });
    expect(answers[2]!.headers["retry-after"]).toMatch(/^\d+$/);
  });
});
