import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser, unknownId, validationFailure } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { posts } from "../db/schema.js";
import { UUID } from "../db/uuid.js";

const t = useTestApp();

const POST_KEYS = ["authorId", "content", "createdAt", "id", "status", "tags", "title", "updatedAt", "visibility"];
const postNotFound = { error: "Post not found", code: "post_not_found" };

const goodPost = (over: Record<string, unknown> = {}) => ({
  title: "A good title",
  content: "Content that is long enough.",
  ...over,
});

const ids = (body: { posts: { id: string }[] }) => body.posts.map((post) => post.id);

async function moderate(moderator: TestUser, postId: string, action: "hide" | "restore") {
  const res = await t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId, action });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("POST /api/posts", () => {
  it("creates a post as the requestor and answers 201 {post}", async () => {
    const author = await signUp(t);
    const before = Date.now();
    const res = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send(goodPost({ tags: ["one", "two"] }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["post"]);
    expect(Object.keys(res.body.post).sort()).toEqual(POST_KEYS);
    expect(res.body.post).toMatchObject({
      id: expect.stringMatching(UUID),
      title: "A good title",
      content: "Content that is long enough.",
      tags: ["one", "two"],
      visibility: "public",
      status: "visible",
      authorId: author.id,
    });
    const createdAt = new Date(res.body.post.createdAt).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("sets authorId and createdAt itself, whatever the body says", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const res = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send(goodPost({ authorId: other.id, createdAt: "2001-01-01T00:00:00.000Z", status: "hidden", id: unknownId }));
    expect(res.status).toBe(201);
    expect(res.body.post.authorId).toBe(author.id);
    expect(res.body.post.id).not.toBe(unknownId);
    expect(res.body.post.status).toBe("visible");
    expect(new Date(res.body.post.createdAt).getFullYear()).toBeGreaterThan(2001);
  });

  it("defaults tags to an empty list", async () => {
    const author = await signUp(t);
    const res = await t.http.post("/api/posts").set("Cookie", author.cookie).send(goodPost());
    expect(res.status).toBe(201);
    expect(res.body.post.tags).toEqual([]);
  });

  it("logs the creation at info with the post id and the author id", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const entries = t.logs.filter((entry) => entry.postId === post.id);
    expect(entries).toEqual([expect.objectContaining({ level: "info", postId: post.id, authorId: author.id })]);
  });

  it("authenticates before validating: a bad body without a session is 401", async () => {
    const res = await t.http.post("/api/posts").send({ title: "x" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });

  it("accepts titles of 5 and 200 characters and refuses 4 and 201", async () => {
    const author = await signUp(t);
    const post = (over: Record<string, unknown>) =>
      t.http.post("/api/posts").set("Cookie", author.cookie).send(goodPost(over));
    expect((await post({ title: "x".repeat(5) })).status).toBe(201);
    expect((await post({ title: "x".repeat(200) })).status).toBe(201);
    for (const length of [4, 201]) {
      const res = await post({ title: "x".repeat(length) });
      expect(res.status, `title of ${length}`).toBe(400);
      expect(res.body).toEqual(validationFailure("body.title"));
    }
  });

  it("accepts content of 10 characters and refuses 9", async () => {
    const author = await signUp(t);
    const post = (content: string) =>
      t.http.post("/api/posts").set("Cookie", author.cookie).send(goodPost({ content }));
    expect((await post("x".repeat(10))).status).toBe(201);
    const res = await post("x".repeat(9));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("body.content"));
  });

  it("accepts 5 tags and refuses 6", async () => {
    const author = await signUp(t);
    const post = (tags: string[]) => t.http.post("/api/posts").set("Cookie", author.cookie).send(goodPost({ tags }));
    const five = await post(["a", "b", "c", "d", "e"]);
    expect(five.status).toBe(201);
    expect(five.body.post.tags).toEqual(["a", "b", "c", "d", "e"]);
    const res = await post(["a", "b", "c", "d", "e", "f"]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("body.tags"));
  });

  it("refuses a missing title and content and tags that are not strings", async () => {
    const author = await signUp(t);
    const missing = await t.http.post("/api/posts").set("Cookie", author.cookie).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(validationFailure("body.title", "body.content"));
    const badTags = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send(goodPost({ tags: [1] }));
    expect(badTags.status).toBe(400);
    expect(badTags.body).toEqual(validationFailure("body.tags.0"));
  });

  it("lets every role from USER up post, and refuses a GUEST with 403 Insufficient role", async () => {
    for (const roles of [["USER"], ["MODERATOR"], ["ADMIN"], ["GUEST", "USER"]] as const) {
      const author = await signUp(t, { roles: [...roles] });
      expect((await t.http.post("/api/posts").set("Cookie", author.cookie).send(goodPost())).status, roles.join()).toBe(
        201,
      );
    }
    const guest = await signUp(t, { roles: ["GUEST"] });
    const res = await t.http.post("/api/posts").set("Cookie", guest.cookie).send(goodPost());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Insufficient role" });
  });
});

describe("GET /api/posts", () => {
  it("needs no session and echoes the default limit 20 and offset 0", async () => {
    const res = await t.http.get("/api/posts");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["limit", "offset", "posts"]);
    expect(res.body).toMatchObject({ limit: 20, offset: 0 });
  });

  it("echoes limit and offset as integers and pages newest first", async () => {
    const author = await signUp(t);
    for (let i = 0; i < 22; i++) await createPost(t, author);
    const all = await t.http.get("/api/posts?limit=100");
    expect(all.body).toMatchObject({ limit: 100, offset: 0 });
    const createdAt = all.body.posts.map((post: { createdAt: string }) => new Date(post.createdAt).getTime());
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

    const byDefault = await t.http.get("/api/posts");
    expect(ids(byDefault.body)).toEqual(ids(all.body).slice(0, 20));

    const page = await t.http.get("/api/posts?limit=3&offset=2");
    expect(page.body.limit).toBe(3);
    expect(page.body.offset).toBe(2);
    expect(ids(page.body)).toEqual(ids(all.body).slice(2, 5));
  });

  it("orders posts created at the same instant by id, descending, so pages never overlap", async () => {
    const author = await signUp(t);
    const created = [await createPost(t, author), await createPost(t, author), await createPost(t, author)];
    const createdIds = created.map((post) => post.id);
    await t.database.db
      .update(posts)
      .set({ createdAt: sql`now()` })
      .where(inArray(posts.id, createdIds));
    const first = await t.http.get("/api/posts?limit=2");
    const second = await t.http.get("/api/posts?limit=2&offset=2");
    expect([...ids(first.body), ...ids(second.body)].slice(0, 3)).toEqual([...createdIds].sort().reverse());
  });

  it("accepts limit 1 and 100 and offset 0, refuses limit 0 and 101 and offset -1", async () => {
    const author = await signUp(t);
    await createPost(t, author);
    const one = await t.http.get("/api/posts?limit=1&offset=0");
    expect(one.status).toBe(200);
    expect(one.body.posts).toHaveLength(1);
    expect(one.body).toMatchObject({ limit: 1, offset: 0 });
    expect((await t.http.get("/api/posts?limit=100")).status).toBe(200);
    for (const [query, field] of [
      ["limit=0", "query.limit"],
      ["limit=101", "query.limit"],
      ["limit=ten", "query.limit"],
      ["offset=-1", "query.offset"],
    ]) {
      const res = await t.http.get(`/api/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(validationFailure(field!));
    }
  });
});

describe("post visibility", () => {
  it("shows anonymous readers public, visible posts only; authors all of their own; moderators and admins hidden public ones too", async () => {
    const author = await signUp(t);
    const stranger = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const open = await createPost(t, author);
    const secret = await createPost(t, author, { visibility: "private" });
    const hidden = await createPost(t, author);
    const hiddenSecret = await createPost(t, author);
    await moderate(moderator, hidden.id, "hide");
    await moderate(moderator, hiddenSecret.id, "hide");
    // Hidden, then made private by its author: no one else may see it, moderators included.
    const madePrivate = await t.http
      .put(`/api/posts/${hiddenSecret.id}`)
      .set("Cookie", author.cookie)
      .send(goodPost({ visibility: "private" }));
    expect(madePrivate.body.post).toMatchObject({ visibility: "private", status: "hidden" });

    const listed = async (cookie?: string) => {
      const req = t.http.get("/api/posts?limit=100");
      const res = cookie ? await req.set("Cookie", cookie) : await req;
      expect(res.status).toBe(200);
      return ids(res.body).filter((id) => [open.id, secret.id, hidden.id, hiddenSecret.id].includes(id));
    };
    const retrievable = async (cookie?: string) => {
      const found: string[] = [];
      for (const post of [open, secret, hidden, hiddenSecret]) {
        const req = t.http.get(`/api/posts/${post.id}`);
        const res = cookie ? await req.set("Cookie", cookie) : await req;
        if (res.status === 200) {
          expect(res.body.post.id).toBe(post.id);
          found.push(post.id);
        } else {
          expect(res.status).toBe(404);
          expect(res.body).toEqual(postNotFound);
        }
      }
      return found;
    };

    for (const see of [listed, retrievable]) {
      expect((await see()).sort()).toEqual([open.id].sort());
      expect((await see(stranger.cookie)).sort()).toEqual([open.id].sort());
      expect((await see(author.cookie)).sort()).toEqual([open.id, secret.id, hidden.id, hiddenSecret.id].sort());
      expect((await see(moderator.cookie)).sort()).toEqual([open.id, hidden.id].sort());
      expect((await see(admin.cookie)).sort()).toEqual([open.id, hidden.id].sort());
    }
  });

  it("shows the author a hidden post of their own, with its status", async () => {
    const author = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const post = await createPost(t, author);
    await moderate(moderator, post.id, "hide");
    const res = await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie);
    expect(res.status).toBe(200);
    expect(res.body.post.status).toBe("hidden");
  });

  it("answers 404 post_not_found for an unknown id and 400 for a non-UUID", async () => {
    const unknown = await t.http.get(`/api/posts/${unknownId}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(postNotFound);
    const bad = await t.http.get("/api/posts/not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(validationFailure("params.id"));
  });

  it("treats an invalid session cookie as anonymous on the list", async () => {
    const res = await t.http.get("/api/posts").set("Cookie", "auth.session_token=forged.value");
    expect(res.status).toBe(200);
  });
});

describe("PUT /api/posts/:id", () => {
  it("lets the author replace the post and answers 200 {post}", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author, { tags: ["old"] });
    const res = await t.http
      .put(`/api/posts/${post.id}`)
      .set("Cookie", author.cookie)
      .send({ title: "A new title", content: "New content, long enough.", tags: ["new"], visibility: "private" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.post).sort()).toEqual(POST_KEYS);
    expect(res.body.post).toMatchObject({
      id: post.id,
      title: "A new title",
      content: "New content, long enough.",
      tags: ["new"],
      visibility: "private",
      authorId: author.id,
      createdAt: post.createdAt,
    });
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(404);
  });

  it("answers 403 to anyone but the author, admins included", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    for (const roles of [["USER"], ["MODERATOR"], ["ADMIN"]] as const) {
      const other = await signUp(t, { roles: [...roles] });
      const res = await t.http
        .put(`/api/posts/${post.id}`)
        .set("Cookie", other.cookie)
        .send(goodPost({ title: "Taken over" }));
      expect(res.status, roles.join()).toBe(403);
      expect(res.body).toEqual({ error: "You can only edit your own posts" });
    }
    expect((await t.http.get(`/api/posts/${post.id}`)).body.post.title).toBe(post.title);
  });

  it("authenticates first, then validates, then checks the author", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const post = await createPost(t, author);
    const anonymous = await t.http.put(`/api/posts/${post.id}`).send({ title: "x" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "No auth session" });
    const bad = await t.http.put(`/api/posts/${post.id}`).set("Cookie", other.cookie).send({ title: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(validationFailure("body.title", "body.content"));
  });

  it("applies the create rules to the new body", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const put = (over: Record<string, unknown>) =>
      t.http.put(`/api/posts/${post.id}`).set("Cookie", author.cookie).send(goodPost(over));
    expect((await put({ title: "x".repeat(201) })).body).toEqual(validationFailure("body.title"));
    expect((await put({ content: "x".repeat(9) })).body).toEqual(validationFailure("body.content"));
    expect((await put({ tags: ["1", "2", "3", "4", "5", "6"] })).body).toEqual(validationFailure("body.tags"));
  });

  it("answers 404 for an unknown post and for another user's private post", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const secret = await createPost(t, author, { visibility: "private" });
    for (const id of [unknownId, secret.id]) {
      const res = await t.http.put(`/api/posts/${id}`).set("Cookie", other.cookie).send(goodPost());
      expect(res.status).toBe(404);
      expect(res.body).toEqual(postNotFound);
    }
  });
});

describe("DELETE /api/posts/:id", () => {
  it("lets the author delete with {success: true}", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const res = await t.http.delete(`/api/posts/${post.id}`).set("Cookie", author.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status).toBe(404);
  });

  it("lets an ADMIN delete another user's post", async () => {
    const author = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, author);
    const res = await t.http.delete(`/api/posts/${post.id}`).set("Cookie", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await t.http.get(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status).toBe(404);
  });

  it("lets an ADMIN delete a private post no one else can see", async () => {
    const author = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const secret = await createPost(t, author, { visibility: "private" });
    expect((await t.http.get(`/api/posts/${secret.id}`).set("Cookie", admin.cookie)).status).toBe(404);
    const res = await t.http.delete(`/api/posts/${secret.id}`).set("Cookie", admin.cookie);
    expect(res.body).toEqual({ success: true });
    expect((await t.http.get(`/api/posts/${secret.id}`).set("Cookie", author.cookie)).status).toBe(404);
  });

  it("answers 403 Not authorized to a user or moderator who is not the author", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    for (const roles of [["USER"], ["MODERATOR"]] as const) {
      const other = await signUp(t, { roles: [...roles] });
      const res = await t.http.delete(`/api/posts/${post.id}`).set("Cookie", other.cookie);
      expect(res.status, roles.join()).toBe(403);
      expect(res.body).toEqual({ error: "Not authorized" });
    }
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(200);
  });

  it("answers 401 without a session and 404 for an unknown post", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const anonymous = await t.http.delete(`/api/posts/${post.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "No auth session" });
    const unknown = await t.http.delete(`/api/posts/${unknownId}`).set("Cookie", author.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(postNotFound);
  });
});

describe("POST /api/moderate", () => {
  it("lets a MODERATOR hide and restore a post, logged at info with moderator, post and action", async () => {
    const author = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const post = await createPost(t, author);

    const hide = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .send({ postId: post.id, action: "hide", reason: "spam" });
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ success: true });
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect(ids((await t.http.get("/api/posts?limit=100")).body)).not.toContain(post.id);
    expect(t.logs.filter((entry) => entry.postId === post.id && entry.action === "hide")).toEqual([
      expect.objectContaining({ level: "info", moderatorId: moderator.id, postId: post.id, action: "hide" }),
    ]);

    const restore = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .send({ postId: post.id, action: "restore" });
    expect(restore.status).toBe(200);
    expect(restore.body).toEqual({ success: true });
    const visible = await t.http.get(`/api/posts/${post.id}`);
    expect(visible.status).toBe(200);
    expect(visible.body.post.status).toBe("visible");
    expect(t.logs.filter((entry) => entry.postId === post.id && entry.action === "restore")).toEqual([
      expect.objectContaining({ level: "info", moderatorId: moderator.id, postId: post.id, action: "restore" }),
    ]);
  });

  it("lets an ADMIN moderate", async () => {
    const author = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, author);
    await moderate(admin, post.id, "hide");
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(404);
  });

  it("answers 403 Insufficient role to USER and GUEST, and 401 without a session", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    for (const roles of [["USER"], ["GUEST"]] as const) {
      const user = await signUp(t, { roles: [...roles] });
      const res = await t.http
        .post("/api/moderate")
        .set("Cookie", user.cookie)
        .send({ postId: post.id, action: "hide" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "Insufficient role" });
    }
    const own = await t.http
      .post("/api/moderate")
      .set("Cookie", author.cookie)
      .send({ postId: post.id, action: "hide" });
    expect(own.status).toBe(403);
    const anonymous = await t.http.post("/api/moderate").send({ postId: "x", action: "nothing" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "No auth session" });
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(200);
  });

  it("validates the body and answers 404 for an unknown post", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const bad = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .send({ postId: "nope", action: "delete" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(validationFailure("body.postId", "body.action"));
    const unknown = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .send({ postId: unknownId, action: "hide" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(postNotFound);
  });
});
