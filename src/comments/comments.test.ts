import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser, unknownId, useSecondApp, v2Errors } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { UUID } from "../db/uuid.js";

const ADMIN_KEY = "comments-dev-admin-key";

const t = useTestApp();
const { notAuthenticated, forbidden, notFound, invalidCursor } = v2Errors;
// The same database in development mode, where the adminKey elevates a session to ADMIN.
const dev = useSecondApp(t, { NODE_ENV: "development", DEV_MODE_ADMIN_KEY: ADMIN_KEY });

const COMMENT_KEYS = ["authorId", "content", "createdAt", "id", "postId", "updatedAt"];

interface Comment {
  id: string;
  postId: string;
  authorId: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

interface CursorPage {
  next: string | null;
  previous: string | null;
  results: Comment[];
}

const commentsOf = (postId: string) => `/api/v2/posts/${postId}/comments/`;
const commentPath = (comment: Pick<Comment, "id" | "postId">) => `${commentsOf(comment.postId)}${comment.id}/`;

async function comment(user: TestUser, postId: string, content = "A thoughtful comment") {
  const res = await t.http.post(commentsOf(postId)).set("Cookie", user.cookie).send({ content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Comment;
}

async function hide(postId: string) {
  const moderator = await signUp(t, { roles: ["MODERATOR"] });
  const res = await t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId, action: "hide" });
  expect(res.status).toBe(200);
}

/** The path and query of an absolute link, for supertest. */
function relative(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

async function getPage(url: string, user?: TestUser): Promise<CursorPage> {
  const request = t.http.get(url);
  const res: Response = await (user ? request.set("Cookie", user.cookie) : request);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Object.keys(res.body)).toEqual(["next", "previous", "results"]);
  return res.body as CursorPage;
}

async function notificationsOf(user: TestUser) {
  const res = await t.http.get("/api/v2/notifications/").set("Cookie", user.cookie);
  expect(res.status).toBe(200);
  return res.body.results as { type: string; message: string; postId: string | null; userId: string }[];
}

describe("POST /api/v2/posts/:postId/comments/", () => {
  it("creates a comment as the requestor: 201 and the bare comment, content trimmed", async () => {
    const author = await signUp(t);
    const commenter = await signUp(t);
    const post = await createPost(t, author);
    const res = await t.http
      .post(commentsOf(post.id))
      .set("Cookie", commenter.cookie)
      .send({ content: "  Nice post  ", authorId: author.id, postId: unknownId, id: unknownId });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(COMMENT_KEYS);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID),
      postId: post.id,
      authorId: commenter.id,
      content: "Nice post",
    });
    expect(res.body.createdAt).toBe(res.body.updatedAt);
  });

  it("is 401 without a session, with DRF's wording", async () => {
    const post = await createPost(t, await signUp(t));
    const res = await t.http.post(commentsOf(post.id)).send({ content: "Hello" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(notAuthenticated);
  });

  it("answers a content outside 1 to 2000 characters (after trimming) with a field map", async () => {
    const user = await signUp(t);
    const post = await createPost(t, user);
    for (const body of [{}, { content: "" }, { content: " \n\t " }, { content: "x".repeat(2001) }, { content: 7 }]) {
      const res = await t.http.post(commentsOf(post.id)).set("Cookie", user.cookie).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ content: [expect.any(String)] });
    }
    expect((await comment(user, post.id, "x".repeat(2000))).content).toHaveLength(2000);
    expect((await comment(user, post.id, ` ${"y".repeat(2000)} `)).content).toHaveLength(2000);
    const badPostId = await t.http
      .post("/api/v2/posts/nope/comments/")
      .set("Cookie", user.cookie)
      .send({ content: "" });
    expect(badPostId.status).toBe(400);
    expect(badPostId.body).toEqual({ postId: [expect.any(String)], content: [expect.any(String)] });
  });

  it("is 404 on a post the requestor cannot see, and allowed on one they can", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const privatePost = await createPost(t, author, { visibility: "private" });
    const hiddenPost = await createPost(t, author);
    await hide(hiddenPost.id);
    for (const postId of [privatePost.id, hiddenPost.id, unknownId]) {
      const res = await t.http.post(commentsOf(postId)).set("Cookie", other.cookie).send({ content: "Hello" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    await comment(author, privatePost.id);
    await comment(author, hiddenPost.id);
    await comment(moderator, hiddenPost.id);
  });

  it("notifies the post's author of a comment by someone else, not of their own", async () => {
    const author = await signUp(t);
    const commenter = await signUp(t, { name: "Grace" });
    const post = await createPost(t, author, { title: "Commented post" });
    await comment(author, post.id);
    expect(await notificationsOf(author)).toEqual([]);
    await comment(commenter, post.id);
    expect(await notificationsOf(author)).toEqual([
      expect.objectContaining({
        type: "comment",
        message: 'Grace commented on your post "Commented post"',
        postId: post.id,
        userId: author.id,
      }),
    ]);
    expect(await notificationsOf(commenter)).toEqual([]);
  });

  it("writes no notification when the comment is refused", async () => {
    const author = await signUp(t);
    const commenter = await signUp(t);
    const post = await createPost(t, author);
    expect((await t.http.post(commentsOf(post.id)).set("Cookie", commenter.cookie).send({ content: "" })).status).toBe(
      400,
    );
    expect((await t.http.post(commentsOf(post.id)).send({ content: "Hi" })).status).toBe(401);
    expect(await notificationsOf(author)).toEqual([]);
  });
});

describe("GET /api/v2/posts/:postId/comments/ and .../:id/", () => {
  it("lists and retrieves for anyone who can see the post; an invisible post is 404", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const publicPost = await createPost(t, author);
    const privatePost = await createPost(t, author, { visibility: "private" });
    const hiddenPost = await createPost(t, author);
    const onPublic = await comment(other, publicPost.id);
    const onPrivate = await comment(author, privatePost.id);
    const onHidden = await comment(other, hiddenPost.id);
    await hide(hiddenPost.id);

    expect((await getPage(commentsOf(publicPost.id))).results).toEqual([onPublic]);
    expect(await t.http.get(commentPath(onPublic)).then((res) => res.body)).toEqual(onPublic);
    expect((await getPage(commentsOf(privatePost.id), author)).results).toEqual([onPrivate]);
    expect((await getPage(commentsOf(hiddenPost.id), moderator)).results).toEqual([onHidden]);
    expect((await getPage(commentsOf(hiddenPost.id), author)).results).toEqual([onHidden]);

    const refused: [string, TestUser | undefined][] = [
      [commentsOf(privatePost.id), undefined],
      [commentsOf(privatePost.id), other],
      [commentPath(onPrivate), other],
      [commentsOf(hiddenPost.id), undefined],
      // The comment's own author no longer sees it once the post is hidden: the post's rule decides.
      [commentsOf(hiddenPost.id), other],
      [commentPath(onHidden), other],
      [commentsOf(unknownId), undefined],
    ];
    for (const [url, user] of refused) {
      const res = await (user ? t.http.get(url).set("Cookie", user.cookie) : t.http.get(url));
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });

  it("is 404 for a comment id that belongs to another post, or to nothing", async () => {
    const author = await signUp(t);
    const first = await createPost(t, author);
    const second = await createPost(t, author);
    const onFirst = await comment(author, first.id);
    for (const url of [
      commentPath({ postId: second.id, id: onFirst.id }),
      commentPath({ postId: first.id, id: unknownId }),
    ]) {
      for (const res of [
        await t.http.get(url),
        await t.http.put(url).set("Cookie", author.cookie).send({ content: "Moved" }),
        await t.http.patch(url).set("Cookie", author.cookie).send({ content: "Moved" }),
        await t.http.delete(url).set("Cookie", author.cookie),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(notFound);
      }
    }
    expect((await t.http.get(commentPath(onFirst))).body).toEqual(onFirst);
  });

  it("serves the paths without the trailing slash the same", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const created = await t.http
      .post(`/api/v2/posts/${post.id}/comments`)
      .set("Cookie", author.cookie)
      .send({ content: "No slash" });
    expect(created.status).toBe(201);
    expect((await t.http.get(`/api/v2/posts/${post.id}/comments`)).body.results).toEqual([created.body]);
    expect((await t.http.get(`/api/v2/posts/${post.id}/comments/${created.body.id}`)).body).toEqual(created.body);
  });
});

describe("PUT and PATCH /api/v2/posts/:postId/comments/:id/", () => {
  it("lets the comment's author replace and patch the content", async () => {
    const author = await signUp(t);
    const post = await createPost(t, await signUp(t));
    const original = await comment(author, post.id, "First words");
    const put = await t.http
      .put(commentPath(original))
      .set("Cookie", author.cookie)
      .send({ content: " Second words " });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...original, content: "Second words", updatedAt: expect.any(String) });
    expect(new Date(put.body.updatedAt).getTime()).toBeGreaterThan(new Date(original.updatedAt).getTime());
    const patch = await t.http
      .patch(commentPath(original))
      .set("Cookie", author.cookie)
      .send({ content: "Third words" });
    expect(patch.status).toBe(200);
    expect(patch.body.content).toBe("Third words");
    // A PATCH with no field changes nothing.
    const empty = await t.http.patch(commentPath(original)).set("Cookie", author.cookie).send({});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(patch.body);
    expect((await t.http.get(commentPath(original))).body).toEqual(patch.body);
  });

  it("requires the whole body on PUT and a valid content on both", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const original = await comment(author, post.id);
    const cases: ["put" | "patch", Record<string, unknown>][] = [
      ["put", {}],
      ["put", { content: "  " }],
      ["patch", { content: "" }],
      ["patch", { content: "x".repeat(2001) }],
    ];
    for (const [method, body] of cases) {
      const res = await t.http[method](commentPath(original)).set("Cookie", author.cookie).send(body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toEqual({ content: [expect.any(String)] });
    }
    expect((await t.http.get(commentPath(original))).body).toEqual(original);
  });

  it("is 403 for anyone but the comment's author, the post's author and ADMIN included; 401 anonymous", async () => {
    const postAuthor = await signUp(t);
    const commenter = await signUp(t);
    const post = await createPost(t, postAuthor);
    const original = await comment(commenter, post.id);
    const others = [
      postAuthor,
      await signUp(t),
      await signUp(t, { roles: ["MODERATOR"] }),
      await signUp(t, { roles: ["ADMIN"] }),
    ];
    for (const user of others) {
      for (const method of ["put", "patch"] as const) {
        const res = await t.http[method](commentPath(original))
          .set("Cookie", user.cookie)
          .send({ content: "Hijacked" });
        expect(res.status).toBe(403);
        expect(res.body).toEqual(forbidden);
      }
    }
    for (const method of ["put", "patch"] as const) {
      const res = await t.http[method](commentPath(original)).send({ content: "Hijacked" });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(notAuthenticated);
    }
    expect((await t.http.get(commentPath(original))).body).toEqual(original);
  });
});

describe("DELETE /api/v2/posts/:postId/comments/:id/", () => {
  it("lets the comment's author, the post's author, a MODERATOR and an ADMIN delete (204)", async () => {
    const postAuthor = await signUp(t);
    const commenter = await signUp(t);
    const post = await createPost(t, postAuthor);
    for (const deleter of [
      commenter,
      postAuthor,
      await signUp(t, { roles: ["MODERATOR"] }),
      await signUp(t, { roles: ["ADMIN"] }),
    ]) {
      const target = await comment(commenter, post.id);
      const res = await t.http.delete(commentPath(target)).set("Cookie", deleter.cookie);
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect((await t.http.get(commentPath(target))).status).toBe(404);
    }
  });

  it("lets an ADMIN delete a comment on a private post, as it may the post; a MODERATOR cannot see it (404)", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author, { visibility: "private" });
    const target = await comment(author, post.id);
    const moderator = await t.http
      .delete(commentPath(target))
      .set("Cookie", (await signUp(t, { roles: ["MODERATOR"] })).cookie);
    expect(moderator.status).toBe(404);
    expect(moderator.body).toEqual(notFound);
    const admin = await t.http
      .delete(commentPath(target))
      .set("Cookie", (await signUp(t, { roles: ["ADMIN"] })).cookie);
    expect(admin.status).toBe(204);
    expect((await t.http.get(commentPath(target)).set("Cookie", author.cookie)).status).toBe(404);
  });

  it("lets a session elevated by the development adminKey delete", async () => {
    const post = await createPost(t, await signUp(t));
    const target = await comment(await signUp(t), post.id);
    const user = await signUp(t);
    const plain = await dev.http.delete(commentPath(target)).set("Cookie", user.cookie);
    expect(plain.status).toBe(403);
    const elevated = await dev.http.delete(`${commentPath(target)}?adminKey=${ADMIN_KEY}`).set("Cookie", user.cookie);
    expect(elevated.status).toBe(204);
  });

  it("is 403 for another USER and 401 anonymous; the comment stays", async () => {
    const post = await createPost(t, await signUp(t));
    const target = await comment(await signUp(t), post.id);
    const other = await t.http.delete(commentPath(target)).set("Cookie", (await signUp(t)).cookie);
    expect(other.status).toBe(403);
    expect(other.body).toEqual(forbidden);
    const anonymous = await t.http.delete(commentPath(target));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(notAuthenticated);
    expect((await t.http.get(commentPath(target))).body).toEqual(target);
  });
});

describe("cursor pagination of comments", () => {
  async function postWithComments(n: number) {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const created: Comment[] = [];
    for (let i = 0; i < n; i++) created.push(await comment(author, post.id, `Comment ${i}`));
    return { author, post, newestFirst: created.toReversed() };
  }

  async function walk(start: string): Promise<CursorPage[]> {
    const pages: CursorPage[] = [];
    for (let url: string | null = start; url;) {
      const page = await getPage(url);
      pages.push(page);
      url = page.next ? relative(page.next) : null;
    }
    return pages;
  }

  it("pages by 10, newest first; following next visits every comment once, in order", async () => {
    const { post, newestFirst } = await postWithComments(25);
    const pages = await walk(commentsOf(post.id));
    expect(pages.map((page) => page.results.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((page) => page.results)).toEqual(newestFirst);
    expect(pages[0]!.previous).toBeNull();
    expect(pages[2]!.next).toBeNull();
    expect(pages.every((page) => !("count" in page))).toBe(true);
  });

  it("ends with next null when the last page is exactly full, and answers an empty list", async () => {
    const { post, newestFirst } = await postWithComments(20);
    const pages = await walk(commentsOf(post.id));
    expect(pages.map((page) => page.results.length)).toEqual([10, 10]);
    expect(pages.flatMap((page) => page.results)).toEqual(newestFirst);
    const empty = await createPost(t, await signUp(t));
    expect(await getPage(commentsOf(empty.id))).toEqual({ next: null, previous: null, results: [] });
  });

  it("stays stable while comments are added between requests", async () => {
    const { author, post, newestFirst } = await postWithComments(25);
    const seen: Comment[] = [];
    const added: Comment[] = [];
    for (let url: string | null = commentsOf(post.id); url;) {
      const page = await getPage(url);
      seen.push(...page.results);
      added.push(await comment(author, post.id, `Added while paging ${added.length}`));
      url = page.next ? relative(page.next) : null;
    }
    expect(seen).toEqual(newestFirst);
    // The new comments are on the first page for a client that starts again.
    expect((await getPage(commentsOf(post.id))).results.slice(0, added.length)).toEqual(added.toReversed());
  });

  it("walks back with previous to the first page, which has previous null", async () => {
    const { post } = await postWithComments(25);
    const pages = await walk(commentsOf(post.id));
    let link = pages[2]!.previous;
    for (const expected of [pages[1]!, pages[0]!]) {
      const page = await getPage(relative(link!));
      expect(page.results).toEqual(expected.results);
      expect(page.next).not.toBeNull();
      link = page.previous;
    }
    expect(link).toBeNull();
    // Forward again from a page reached backwards.
    const again = await getPage(relative((await getPage(relative(pages[2]!.previous!))).next!));
    expect(again.results).toEqual(pages[2]!.results);
  });

  it("builds absolute links that keep the other query parameters", async () => {
    const { post } = await postWithComments(11);
    const first = await t.http.get(`${commentsOf(post.id)}?format=json&lang=en`).set("Host", "api.example.com");
    expect(first.status).toBe(200);
    const next = new URL(first.body.next);
    // On the service's public URL: the Host header is the client's to choose.
    expect(`${next.origin}${next.pathname}`).toBe(`${t.config.authUrl}${commentsOf(post.id)}`);
    expect(next.searchParams.get("format")).toBe("json");
    expect(next.searchParams.get("lang")).toBe("en");
    expect(next.searchParams.get("cursor")).toMatch(/^[\w-]+\.[\w-]+$/);
    const second = await t.http.get(relative(first.body.next)).set("Host", "api.example.com");
    const previous = new URL(second.body.previous);
    expect(previous.origin).toBe(t.config.authUrl);
    expect(previous.searchParams.get("format")).toBe("json");
    expect(previous.searchParams.get("lang")).toBe("en");
  });

  it("refuses a tampered, malformed or repeated cursor with 400 Invalid cursor", async () => {
    const { post } = await postWithComments(11);
    const cursor = new URL((await getPage(commentsOf(post.id))).next!).searchParams.get("cursor")!;
    const [payload, signature] = cursor.split(".") as [string, string];
    const flip = (value: string, i: number) => value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);
    const bad = [
      `${flip(payload, 0)}.${signature}`,
      `${flip(payload, payload.length - 1)}.${signature}`,
      `${payload}.${flip(signature, 0)}`,
      `${payload}.${signature}x`,
      `${payload}`,
      "garbage",
      "%%%",
      "",
    ];
    for (const value of bad) {
      const res = await t.http.get(commentsOf(post.id)).query({ cursor: value });
      expect(res.status, value).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    }
    for (const query of [`cursor=${cursor}&cursor=${cursor}`, "cursor=a&cursor=b"]) {
      const res = await t.http.get(`${commentsOf(post.id)}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual(invalidCursor);
    }
  });

  it("does not carry a cursor from one post's comments over to another's rows", async () => {
    // The other post's comments are older than every position on the first post's first page.
    const other = await postWithComments(3);
    const { post } = await postWithComments(11);
    const next = (await getPage(commentsOf(post.id))).next!;
    const crossed = await getPage(`${commentsOf(other.post.id)}?cursor=${new URL(next).searchParams.get("cursor")}`);
    expect(crossed.results).toEqual(other.newestFirst);
  });
});
