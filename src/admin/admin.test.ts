import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { createPost, signIn, signUp, unknownId } from "../../test/factories.js";

const t = useTestApp();

describe("the console's dashboard counts", () => {
  it("counts users by role and posts by status for a moderator, and refuses a user", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const author = await signUp(t);
    const post = await createPost(t, author);
    await t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId: post.id, action: "hide" });

    const res = await t.http.get("/api/v2/admin/dashboard/").set("Cookie", moderator.cookie);
    expect(res.status).toBe(200);
    expect(res.body.users.MODERATOR).toBeGreaterThanOrEqual(1);
    expect(res.body.users.USER).toBeGreaterThanOrEqual(1);
    expect(res.body.posts.hidden).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatchObject({ commentsToday: expect.any(Number), mail: { pending: expect.any(Number) } });

    const refused = await t.http.get("/api/v2/admin/dashboard/").set("Cookie", author.cookie);
    expect(refused.status).toBe(403);
  });
});

describe("the filtered audit trail", () => {
  it("names the actor and the target user, and filters by actor, action and time", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"], name: "Grace Admin" });
    const target = await signUp(t, { name: "Tim Target" });
    const before = new Date(Date.now() - 1000).toISOString();
    const set = await t.http
      .put(`/api/users/${target.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["MODERATOR"] });
    expect(set.status).toBe(200);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });

    const res = await t.http
      .get("/api/v2/admin/audit/")
      .query({ actor: admin.id, action: "user.set_roles", from: before })
      .set("Cookie", moderator.cookie);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      actorId: admin.id,
      actorName: "Grace Admin",
      actorEmail: admin.email,
      action: "user.set_roles",
      targetId: target.id,
      targetName: "Tim Target",
      targetEmail: target.email,
    });

    const earlier = await t.http
      .get("/api/v2/admin/audit/")
      .query({ actor: admin.id, to: before })
      .set("Cookie", moderator.cookie);
    expect(earlier.body.count).toBe(0);
    const bad = await t.http.get("/api/v2/admin/audit/").query({ from: "yesterday" }).set("Cookie", moderator.cookie);
    expect(bad.status).toBe(400);
  });
});

describe("another user's sessions", () => {
  it("lists them for an admin without tokens, and a revoked session's next call is 401", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const second = await signIn(t.http, user);

    const list = await t.http.get(`/api/v2/admin/users/${user.id}/sessions/`).set("Cookie", admin.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(JSON.stringify(list.body)).not.toContain("token");

    const before = await t.http.get("/api/profile").set("Cookie", second);
    expect(before.status).toBe(200);
    const newest = list.body[0].id as string;
    const revoked = await t.http
      .delete(`/api/v2/admin/users/${user.id}/sessions/${newest}/`)
      .set("Cookie", admin.cookie);
    expect(revoked.status).toBe(204);
    expect((await t.http.get("/api/profile").set("Cookie", second)).status).toBe(401);
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
    const trail = await t.http
      .get("/api/v2/admin/audit/")
      .query({ action: "user.revoke_session" })
      .set("Cookie", admin.cookie);
    expect(trail.body.results[0]).toMatchObject({
      actorId: admin.id,
      targetId: user.id,
      details: { sessionId: newest },
    });

    const again = await t.http.delete(`/api/v2/admin/users/${user.id}/sessions/${newest}/`).set("Cookie", admin.cookie);
    expect(again.status).toBe(404);
    const unknown = await t.http.get(`/api/v2/admin/users/${unknownId}/sessions/`).set("Cookie", admin.cookie);
    expect(unknown.status).toBe(404);
  });

  it("refuses a moderator", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const res = await t.http.get(`/api/v2/admin/users/${moderator.id}/sessions/`).set("Cookie", moderator.cookie);
    expect(res.status).toBe(403);
  });
});

describe("a user's comments", () => {
  it("lists them newest first with their post's title for an admin, hidden posts included", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const author = await signUp(t);
    const commenter = await signUp(t);
    const post = await createPost(t, author, { title: "Commented on" });
    const said: string[] = [];
    for (const content of ["First remark", "Second remark"]) {
      const res = await t.http
        .post(`/api/v2/posts/${post.id}/comments/`)
        .set("Cookie", commenter.cookie)
        .send({ content });
      expect(res.status).toBe(201);
      said.unshift(res.body.id);
    }
    await t.http.post("/api/moderate").set("Cookie", admin.cookie).send({ postId: post.id, action: "hide" });

    const res = await t.http.get(`/api/v2/admin/users/${commenter.id}/comments/`).set("Cookie", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((c: { id: string }) => c.id)).toEqual(said);
    expect(res.body.results[0]).toMatchObject({ postId: post.id, postTitle: "Commented on", content: "Second remark" });

    const none = await t.http.get(`/api/v2/admin/users/${author.id}/comments/`).set("Cookie", admin.cookie);
    expect(none.body).toMatchObject({ count: 0, results: [] });
    const unknown = await t.http.get(`/api/v2/admin/users/${unknownId}/comments/`).set("Cookie", admin.cookie);
    expect(unknown.status).toBe(404);
    const malformed = await t.http.get("/api/v2/admin/users/nope/comments/").set("Cookie", admin.cookie);
    expect(malformed.status).toBe(400);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const refused = await t.http.get(`/api/v2/admin/users/${commenter.id}/comments/`).set("Cookie", moderator.cookie);
    expect(refused.status).toBe(403);
  });
});
