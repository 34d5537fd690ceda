// OWASP API Security Top 10 (2023), API3: a body cannot set a field the service owns (mass
// assignment, prototype keys), and an answer carries only a record's public fields.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema.js";
import { createPost, signUp, type TestUser, unknownId } from "../factories.js";
import { useOwaspApp, validPost } from "./helpers.js";

const { t, routes, rowsOf } = useOwaspApp();

describe("API3:2023 Broken Object Property Level Authorization", () => {
  const INJECTED = {
    id: unknownId,
    authorId: unknownId,
    userId: unknownId,
    postId: unknownId,
    status: "hidden",
    roles: ["ADMIN"],
    role: "ADMIN",
    isAdmin: true,
    emailVerified: true,
    createdAt: "2000-01-01T00:00:00.000Z",
    updatedAt: "2000-01-01T00:00:00.000Z",
  };
  // JSON.parse makes "__proto__" an own property; a merge that copies it would reach Object.prototype.
  const PROTOTYPE_KEYS = '"__proto__":{"roles":["ADMIN"],"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}';
  const withPrototypeKeys = (body: object) => `{${PROTOTYPE_KEYS},${JSON.stringify(body).slice(1)}`;

  const USER_KEYS = ["createdAt", "email", "id", "name", "roles", "updatedAt"];
  const POST_KEYS = ["authorId", "content", "createdAt", "id", "status", "tags", "title", "updatedAt", "visibility"];

  function expectServiceOwnedPost(post: Record<string, unknown>, author: TestUser) {
    expect(Object.keys(post).sort()).toEqual(POST_KEYS);
    expect(post.authorId).toBe(author.id);
    expect(post.status).toBe("visible");
    expect(post.id).not.toBe(unknownId);
    expect(post.createdAt).not.toBe(INJECTED.createdAt);
  }

  async function expectRoles(user: TestUser, roles: string[]) {
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual(roles);
    expect((await t.http.get("/api/users").set("Cookie", user.cookie)).status).toBe(403);
  }

  afterAll(() => {
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).roles).toBeUndefined();
  });

  // Every route that takes a body: the test that covers it below.
  const COVERED = {
    "POST /api/posts": "posts",
    "PUT /api/posts/:id": "posts",
    "POST /api/v2/posts/": "posts",
    "PUT /api/v2/posts/:id/": "posts",
    "PATCH /api/v2/posts/:id/": "posts",
    "POST /api/users": "users",
    "POST /api/v2/users/": "users",
    "PUT /api/users/:id": "users",
    "PUT /api/v2/users/:id/": "users",
    "PATCH /api/v2/users/:id/": "users",
    "ALL /api/auth/*": "better-auth",
    "PUT /api/users/:id/roles": "roles",
    "POST /api/v2/posts/:postId/comments/": "comments",
    "PUT /api/v2/posts/:postId/comments/:id/": "comments",
    "PATCH /api/v2/posts/:postId/comments/:id/": "comments",
    "POST /api/moderate": "moderation",
    "POST /api/v2/notifications/": "notifications",
    "POST /api/v2/admin/mail/:id/retry/": "mail retry",
  } as Record<string, string>;

  it("covers every route that takes a body", () => {
    const bodyRoutes = routes
      .filter((route) => ["POST", "PUT", "PATCH", "ALL"].includes(route.method))
      .map((route) => route.line);
    expect(bodyRoutes.filter((line) => !COVERED[line])).toEqual([]);
  });

  it("posts: authorId, id, status, createdAt and prototype keys in a body are ignored", async () => {
    const author = await signUp(t);
    const created = [
      await t.http
        .post("/api/posts")
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http
        .post("/api/v2/posts/")
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http.post("/api/posts").set("Cookie", author.cookie).type("json").send(withPrototypeKeys(validPost)),
    ];
    const posts = created.map((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.post ?? res.body) as Record<string, unknown>;
    });
    for (const post of posts) expectServiceOwnedPost(post, author);

    const [v1, v2] = posts as [{ id: string }, { id: string }];
    const updates = [
      await t.http
        .put(`/api/posts/${v1.id}`)
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http
        .put(`/api/v2/posts/${v2.id}/`)
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http
        .patch(`/api/v2/posts/${v2.id}/`)
        .set("Cookie", author.cookie)
        .send({ title: "Patched title", ...INJECTED }),
      await t.http
        .patch(`/api/v2/posts/${v2.id}/`)
        .set("Cookie", author.cookie)
        .type("json")
        .send(withPrototypeKeys({ title: "Patched again" })),
    ];
    for (const res of updates) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const post = (res.body.post ?? res.body) as Record<string, unknown>;
      expectServiceOwnedPost(post, author);
      expect([v1.id, v2.id]).toContain(post.id);
    }
  });

  it("users: roles, id, createdAt and prototype keys in a body are ignored, on every user route and better-auth's", async () => {
    const created = [
      await t.http
        .post("/api/users")
        .send({ name: "Mass Assigned", email: `ma-${randomUUID()}@example.com`, password: "long enough", ...INJECTED }),
      await t.http
        .post("/api/v2/users/")
        .send({ name: "Mass Assigned", email: `ma-${randomUUID()}@example.com`, password: "long enough", ...INJECTED }),
      await t.http
        .post("/api/auth/sign-up/email")
        .send({ name: "Mass Assigned", email: `ma-${randomUUID()}@example.com`, password: "long enough", ...INJECTED }),
      await t.http
        .post("/api/users")
        .type("json")
        .send(
          withPrototypeKeys({
            name: "Mass Assigned",
            email: `ma-${randomUUID()}@example.com`,
            password: "long enough",
          }),
        ),
    ];
    for (const res of created) {
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      const user = (res.body.user ?? res.body) as Record<string, unknown>;
      expect(user.roles).toEqual(["USER"]);
      expect(user.id).not.toBe(unknownId);
      expect(user.createdAt).not.toBe(INJECTED.createdAt);
    }

    const user = await signUp(t);
    const writes = [
      await t.http
        .put(`/api/users/${user.id}`)
        .set("Cookie", user.cookie)
        .send({ name: "Renamed", ...INJECTED }),
      await t.http
        .put(`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .send({ name: "Renamed", email: user.email, ...INJECTED }),
      await t.http
        .patch(`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .send({ name: "Renamed", ...INJECTED }),
      await t.http
        .patch(`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .type("json")
        .send(withPrototypeKeys({ name: "Renamed" })),
    ];
    for (const res of writes) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // v1 answers {user}; v2 the bare record its owner reads, with whether the address is verified.
      const body = (res.body.user ?? res.body) as Record<string, unknown>;
      const keys = res.body.user ? USER_KEYS : [...USER_KEYS, "emailVerified"].sort();
      expect(Object.keys(body).sort()).toEqual(keys);
      expect(body.id).toBe(user.id);
    }
    const updateUser = await t.http
      .post("/api/auth/update-user")
      .set("Cookie", user.cookie)
      .set("Origin", t.config.authUrl)
      .send({ name: "Renamed", roles: ["ADMIN"], emailVerified: true, email: "other@example.com" });
    expect(updateUser.status).toBe(400);
    await expectRoles(user, ["USER"]);
  });

  it("roles: only the roles route sets them, with known and distinct values only", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    for (const roles of [
      ["SUPERUSER"],
      ["ADMIN", "ADMIN"],
      [],
      ["USER", "GUEST", "MODERATOR", "ADMIN", "USER"],
      "ADMIN",
      [{ role: "ADMIN" }],
    ]) {
      const res = await t.http.put(`/api/users/${user.id}/roles`).set("Cookie", admin.cookie).send({ roles });
      expect(res.status, JSON.stringify(roles)).toBe(400);
    }
    const proto = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .type("json")
      .send(`{${PROTOTYPE_KEYS},"roles":["GUEST"]}`);
    expect(proto.status).toBe(200);
    expect(proto.body.user.roles).toEqual(["GUEST"]);
  });

  it("comments: postId, authorId, id and createdAt in a body are ignored", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const other = await createPost(t, author);
    const res = await t.http
      .post(`/api/v2/posts/${post.id}/comments/`)
      .set("Cookie", author.cookie)
      .send({ content: "Hello", ...INJECTED, postId: other.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postId: post.id, authorId: author.id, content: "Hello" });
    expect(res.body.id).not.toBe(unknownId);
    for (const method of ["put", "patch"] as const) {
      const edit = await t.http[method](`/api/v2/posts/${post.id}/comments/${res.body.id}/`)
        .set("Cookie", author.cookie)
        .type("json")
        .send(
          withPrototypeKeys({
            content: "Edited",
            postId: other.id,
            authorId: unknownId,
            createdAt: INJECTED.createdAt,
          }),
        );
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({
        id: res.body.id,
        postId: post.id,
        authorId: author.id,
        createdAt: res.body.createdAt,
      });
    }
  });

  it("moderation and notifications: a body cannot pick the actor or the notification's kind", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const author = await signUp(t);
    const post = await createPost(t, author);
    const moderated = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .type("json")
      .send(withPrototypeKeys({ postId: post.id, action: "hide", moderatorId: admin.id, actorId: admin.id }));
    expect(moderated.status).toBe(200);
    const audit = await t.http.get("/api/admin/audit?limit=5").set("Cookie", admin.cookie);
    expect(audit.body.entries[0]).toMatchObject({ action: "post.moderate", actorId: moderator.id, targetId: post.id });

    const sent = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({
      userId: author.id,
      message: "Hi",
      type: "roles",
      postId: post.id,
      id: unknownId,
      createdAt: INJECTED.createdAt,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.id).not.toBe(unknownId);
    expect(sent.body.createdAt).not.toBe(INJECTED.createdAt);
    const [row] = await rowsOf("notifications", "id", [sent.body.id]);
    expect(row).toMatchObject({ type: "admin", post_id: null });
  });

  it("mail retry: a body cannot change the message's recipient, status or attempts", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const [failed] = await t.database.db
      .insert(mailOutbox)
      .values({
        kind: "verify-email",
        recipient: "kept@example.com",
        messageId: `<${randomUUID()}@posts.test>`,
        payload: "sealed",
        status: "failed",
        attempts: 2,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning({ id: mailOutbox.id });
    const retried = await t.http
      .post(`/api/v2/admin/mail/${failed!.id}/retry/`)
      .set("Cookie", admin.cookie)
      .type("json")
      .send(withPrototypeKeys({ recipient: "attacker@example.com", status: "sent", attempts: 0, payload: "x" }));
    expect(retried.status).toBe(204);
    const [row] = await rowsOf("mail_outbox", "id", [failed!.id]);
    expect(row).toMatchObject({ recipient: "kept@example.com", status: "pending", attempts: 2, payload: "sealed" });
  });

  it("answers users and posts with their public fields only, never a hash or a token", async () => {
    const user = await signUp(t);
    const post = await createPost(t, user);
    for (const path of [`/api/users/${user.id}`, "/api/profile"]) {
      const res = await t.http.get(path).set("Cookie", user.cookie);
      expect(Object.keys(res.body.user).sort(), path).toEqual(USER_KEYS);
    }
    const own = await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie);
    expect(Object.keys(own.body).sort()).toEqual([...USER_KEYS, "emailVerified"].sort());
    for (const path of [`/api/posts/${post.id}`, `/api/v2/posts/${post.id}/`]) {
      const res = await t.http.get(path);
      expect(Object.keys(res.body.post ?? res.body).sort(), path).toEqual(POST_KEYS);
    }
    const session = await t.http.get("/api/auth/get-session").set("Cookie", user.cookie);
    expect(JSON.stringify(session.body)).not.toMatch(/password|sha256:/i);
  });
});
