// GET /api/v2/me/export/: everything stored about the requestor, streamed, no secret in it.
import { request } from "node:http";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, auditLog, comments, notifications, posts, sessions, twoFactors } from "../db/schema.js";
import { createPost, signIn, signUp, type TestUser, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { useTestAppStreams } from "../../test/streams.js";
import { EXPORT_BATCH } from "./export.js";

const t = useTestApp();
const host = useTestAppStreams(t);
const limited = useSecondApp(t, { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_GLOBAL: "1000" });

const exportOf = (user: Pick<TestUser, "cookie">, http = t.http) =>
  http.get("/api/v2/me/export/").set("Cookie", user.cookie).buffer(true);

/** Posts written straight to the database, all at one instant: the batches' tie-break is the id. */
async function manyPosts(author: TestUser, count: number, padding = 0) {
  // In statements of 500 rows: one long statement would outlast the pool's statement deadline.
  for (let from = 1; from <= count; from += 500) {
    await t.database.db.execute(sql`
      insert into posts (title, content, author_id, created_at, updated_at)
      select 'Bulk post ' || n, 'Bulk content number ' || n || repeat(' lorem', ${padding}), ${author.id}::uuid,
        '2026-01-01T00:00:00.123456Z', now()
      from generate_series(${from}::int, ${Math.min(from + 499, count)}::int) as n`);
  }
}

describe("GET /api/v2/me/export/", () => {
  it("holds what is stored about the user: profile, posts, comments, notifications, sessions, accounts, audit", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t, { name: "Ada Lovelace" });
    const bob = await signUp(t);
    const secondCookie = await signIn(t.http, ada);
    const adaPosts = [await createPost(t, ada), await createPost(t, ada, { visibility: "private" })];
    const bobPost = await createPost(t, bob);
    const comment = (user: TestUser, postId: string, content: string) =>
      t.http.post(`/api/v2/posts/${postId}/comments/`).set("Cookie", user.cookie).send({ content });
    expect((await comment(ada, bobPost.id, "Ada on Bob's post")).status).toBe(201);
    const removed = await comment(ada, bobPost.id, "Ada again, soon removed by an ADMIN");
    expect((await comment(ada, adaPosts[0]!.id, "Ada on her own post")).status).toBe(201);
    expect((await comment(bob, adaPosts[0]!.id, "Bob on Ada's post: a notification for Ada")).status).toBe(201);
    expect(
      (await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({ userId: ada.id, message: "Hi" }))
        .status,
    ).toBe(201);
    expect(
      (await t.http.delete(`/api/v2/posts/${bobPost.id}/comments/${removed.body.id}/`).set("Cookie", admin.cookie))
        .status,
    ).toBe(204);

    const res = await exportOf(ada);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename=account-export-${ada.id}.json`);
    const body = JSON.parse(res.text);

    expect(body.user).toEqual({
      id: ada.id,
      email: ada.email,
      name: "Ada Lovelace",
      image: null,
      roles: ["USER"],
      emailVerified: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body.twoFactor).toEqual({ enabled: false });
    expect(body.accounts).toEqual([expect.objectContaining({ providerId: "credential", accountId: ada.id })]);
    const db = t.database.db;
    const storedSessions = await db.select().from(sessions).where(eq(sessions.userId, ada.id));
    expect(storedSessions).toHaveLength(2);
    expect(body.sessions.map((s: { id: string }) => s.id).sort()).toEqual(storedSessions.map((s) => s.id).sort());
    expect(body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(secondCookie).not.toBe(ada.cookie);

    const storedPosts = await db
      .select()
      .from(posts)
      .where(eq(posts.authorId, ada.id))
      .orderBy(asc(posts.createdAt), asc(posts.id));
    expect(body.posts).toEqual(storedPosts.map(({ searchVector: _searchVector, ...post }) => post));
    expect(body.posts.map((p: { id: string }) => p.id)).toEqual(adaPosts.map((p) => p.id));
    const storedComments = await db
      .select()
      .from(comments)
      .where(eq(comments.authorId, ada.id))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    expect(storedComments).toHaveLength(2);
    expect(body.comments).toEqual(storedComments);
    const storedNotifications = await db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
        message: notifications.message,
        postId: notifications.postId,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, ada.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    expect(storedNotifications.map((n) => n.type).sort()).toEqual(["admin", "comment"]);
    expect(body.notifications).toEqual(storedNotifications);
    // The ADMIN's message to her, and the deletion of her comment: about her, by someone else.
    const storedAudit = await db
      .select({ id: auditLog.id, action: auditLog.action })
      .from(auditLog)
      .where(or(eq(auditLog.targetId, ada.id), eq(auditLog.targetId, removed.body.id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(storedAudit.map((entry) => entry.action)).toEqual(["notification.send", "comment.delete"]);
    expect(body.audit.map((entry: { id: string }) => entry.id)).toEqual(storedAudit.map((entry) => entry.id));
    expect(res.text).not.toContain(admin.email);
  });

  it("holds no password hash, session token, two-factor secret or backup code, and nothing of another user", async () => {
    const ada = await signUp(t);
    const bob = await signUp(t, { name: "Bob Someone-Else" });
    const bobPost = await createPost(t, bob, { title: "Bob's own title", content: "Bob's own content here" });
    const enrol = await t.http
      .post("/api/auth/two-factor/enable")
      .set("Origin", t.config.authUrl)
      .set("Cookie", ada.cookie)
      .send({ password: ada.password });
    expect(enrol.status, JSON.stringify(enrol.body)).toBe(200);
    await signIn(t.http, bob);
    const res = await exportOf(ada);
    expect(res.status).toBe(200);

    const db = t.database.db;
    const secrets = [
      ...(await db
        .select({ value: accounts.password })
        .from(accounts)
        .where(inArray(accounts.userId, [ada.id, bob.id]))),
      ...(await db
        .select({ value: sessions.token })
        .from(sessions)
        .where(inArray(sessions.userId, [ada.id, bob.id]))),
      ...(await db.select({ value: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, ada.id))),
      ...(await db.select({ value: twoFactors.backupCodes }).from(twoFactors).where(eq(twoFactors.userId, ada.id))),
    ].map(({ value }) => value!);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of secrets) expect(res.text).not.toContain(secret);
    // Nor any piece of one: the cookie's token, the codes of the enrolment's answer.
    expect(res.text).not.toContain(decodeURIComponent(ada.cookie.split("=")[1]!).split(".")[0]!);
    for (const code of enrol.body.backupCodes as string[]) expect(res.text).not.toContain(code);
    expect(res.text).not.toMatch(/sha256:|password|token|secret|backupCodes/i);
    for (const text of [bob.id, bob.email, "Bob Someone-Else", bobPost.id, "Bob's own title"])
      expect(res.text).not.toContain(text);
  });

  it("reads in keyset batches: every post once, past ties on the timestamp", async () => {
    const carol = await signUp(t);
    const count = EXPORT_BATCH * 2 + 1;
    await manyPosts(carol, count);
    const res = await exportOf(carol);
    expect(res.status).toBe(200);
    const ids = (JSON.parse(res.text).posts as { id: string }[]).map((p) => p.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it("stops reading when the client goes away", async () => {
    const dan = await signUp(t);
    // About 15 MB: more than the sockets' buffers hold, so the server is still writing when the client leaves.
    await manyPosts(dan, EXPORT_BATCH * 10, 500);
    await new Promise<void>((resolve, reject) => {
      const req = request(`${host.base}/api/v2/me/export/`, { headers: { cookie: dan.cookie } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(error)));
      req.end();
    });
    const left = await poll(
      () => t.logs.filter((entry) => entry.message === "Account export: the client left before the end"),
      (entries) => entries.some((entry) => entry.userId === dan.id),
    );
    expect(left.some((entry) => entry.userId === dan.id)).toBe(true);
    // The app goes on answering.
    expect((await t.http.get("/api/profile").set("Cookie", dan.cookie)).status).toBe(200);
  });

  it("needs a session: 401", async () => {
    expect((await t.http.get("/api/v2/me/export/")).status).toBe(401);
  });

  it("is limited to 3 an hour per user: the fourth is 429 JSON with Retry-After; another user still exports", async () => {
    const erin = await signUp(t);
    const frank = await signUp(t);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await exportOf(erin, limited.http)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await exportOf(erin, limited.http);
    expect(refused.status).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(refused.text)).toEqual({ detail: "Too many requests, try again later", code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
    expect(refused.headers["content-disposition"]).toBeUndefined();
    expect((await exportOf(frank, limited.http)).status).toBe(200);
  });
});
