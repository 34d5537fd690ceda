import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "../db/schema.js";
import { SORT_MATCHES_UP_TO } from "./service.js";
import { createPost, signUp, type TestUser, unknownId, useSecondApp, v2Errors } from "../../test/factories.js";
import { type TestApp, useTestApp } from "../../test/harness.js";

const t = useTestApp();
const { notAuthenticated, forbidden, notFound, invalidPage } = v2Errors;
const behindProxy = useSecondApp(t, { TRUST_PROXY: "true" });

/** Inserts posts one second apart, the first the newest; returns them newest first. */
async function insertPosts(app: TestApp, author: TestUser, n: number, over: Partial<typeof posts.$inferInsert> = {}) {
  const start = Date.now() - 1_000_000;
  const rows = Array.from({ length: n }, (_, i) => ({
    title: `Seeded post ${String(i).padStart(3, "0")}`,
    content: "Seeded content for paging.",
    authorId: author.id,
    createdAt: new Date(start - i * 1000).toISOString(),
    ...over,
  }));
  const inserted = await app.database.db.insert(posts).values(rows).returning({ id: posts.id, title: posts.title });
  return inserted;
}

/** Follows `next` from a first URL to the end; returns every page's results. */
async function walk(first: string, cookie?: string) {
  const pages: { id: string }[][] = [];
  let url: string | null = first;
  while (url) {
    const path: string = url.startsWith("http") ? new URL(url).pathname + new URL(url).search : url;
    const request = t.http.get(path);
    const res = await (cookie ? request.set("Cookie", cookie) : request);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.results);
    url = res.body.next;
  }
  return pages;
}

describe("GET /api/v2/posts/ page-number pagination", () => {
  it("pages 25 posts by 10: first, middle, last and past-the-end pages", async () => {
    const author = await signUp(t);
    const seeded = await insertPosts(t, author, 25);
    const base = `/api/v2/posts/?author=${author.id}&page_size=10`;

    const first = await t.http.get(base);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, previous: null });
    expect(first.body.results.map((p: { id: string }) => p.id)).toEqual(seeded.slice(0, 10).map((p) => p.id));
    const next = new URL(first.body.next);
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("author")).toBe(author.id);
    expect(next.searchParams.get("page_size")).toBe("10");

    const middle = await t.http.get(`${base}&page=2`);
    expect(middle.body.results.map((p: { id: string }) => p.id)).toEqual(seeded.slice(10, 20).map((p) => p.id));
    // As DRF: the link back to page 1 carries no page parameter.
    expect(new URL(middle.body.previous).searchParams.has("page")).toBe(false);
    expect(new URL(middle.body.next).searchParams.get("page")).toBe("3");

    const last = await t.http.get(`${base}&page=3`);
    expect(last.body.results).toHaveLength(5);
    expect(last.body.next).toBeNull();
    expect(new URL(last.body.previous).searchParams.get("page")).toBe("2");

    const past = await t.http.get(`${base}&page=4`);
    expect(past.status).toBe(404);
    expect(past.body).toEqual(invalidPage);
  });

  it("serves page=last as the last page, as DRF does, and page 1 of an empty list", async () => {
    const author = await signUp(t);
    const seeded = await insertPosts(t, author, 25);
    const last = await t.http.get(`/api/v2/posts/?author=${author.id}&page_size=10&page=last`);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ count: 25, next: null });
    expect(last.body.results.map((p: { id: string }) => p.id)).toEqual(seeded.slice(20).map((p) => p.id));
    const previous = new URL(last.body.previous);
    expect(previous.searchParams.get("page")).toBe("2");
    expect(previous.searchParams.get("page_size")).toBe("10");
    const single = await t.http.get(`/api/v2/posts/?author=${author.id}&page_size=100&page=last`);
    expect(single.body).toMatchObject({ count: 25, next: null, previous: null });
    expect(single.body.results).toHaveLength(25);

    const nobody = await signUp(t);
    const empty = await t.http.get(`/api/v2/posts/?author=${nobody.id}&page=last`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    for (const page of ["LAST", "last1", "first"]) {
      expect((await t.http.get(`/api/v2/posts/?author=${author.id}&page=${page}`)).body, page).toEqual(invalidPage);
    }
  });

  it("visits every row exactly once, in order, following next to the end", async () => {
    const author = await signUp(t);
    const seeded = await insertPosts(t, author, 23);
    const pages = await walk(`/api/v2/posts/?author=${author.id}&page_size=5`);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat().map((p) => p.id)).toEqual(seeded.map((p) => p.id));
  });

  it("answers an empty list on page 1 and 404 Invalid page. for a page that is not a positive integer", async () => {
    const nobody = await signUp(t);
    const empty = await t.http.get(`/api/v2/posts/?author=${nobody.id}`);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    for (const page of ["0", "-1", "abc", "1.5", "2", "", "99999999999"]) {
      const res = await t.http.get(`/api/v2/posts/?author=${nobody.id}&page=${page}`);
      expect(res.status, page).toBe(404);
      expect(res.body, page).toEqual(invalidPage);
    }
  });

  it("defaults page_size to 20, caps it at 100, and ignores a malformed one", async () => {
    const author = await signUp(t);
    await insertPosts(t, author, 101);
    const size = async (query: string) =>
      (await t.http.get(`/api/v2/posts/?author=${author.id}${query}`)).body.results.length;
    expect(await size("")).toBe(20);
    expect(await size("&page_size=1")).toBe(1);
    expect(await size("&page_size=100")).toBe(100);
    expect(await size("&page_size=101")).toBe(100);
    expect(await size("&page_size=0")).toBe(20);
    expect(await size("&page_size=abc")).toBe(20);
    expect(await size("&page_size=-5")).toBe(20);
  });

  it("builds absolute links on the public URL, not the forwarded scheme and host", async () => {
    const author = await signUp(t);
    await insertPosts(t, author, 3);
    const path = `/api/v2/posts/?author=${author.id}&page_size=1`;
    for (const app of [t, behindProxy]) {
      const res = await app.http.get(path).set("X-Forwarded-Proto", "https").set("X-Forwarded-Host", "api.example.com");
      expect(res.body.next).toBe(`${t.config.authUrl}/api/v2/posts/?author=${author.id}&page_size=1&page=2`);
    }
  });
});

describe("GET /api/v2/posts/ search, ordering and filters", () => {
  it("finds posts by stemmed words of the title or the content", async () => {
    const author = await signUp(t);
    const inTitle = await createPost(t, author, { title: "Running marathons in winter" });
    const inContent = await createPost(t, author, {
      title: "Training notes",
      content: "How I ran my first marathon without injuries.",
    });
    await createPost(t, author, { title: "Unrelated topic", content: "Gardening tips for the spring season." });

    const res = await t.http.get(`/api/v2/posts/?author=${author.id}&search=marathon`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((p: { id: string }) => p.id).sort()).toEqual([inTitle.id, inContent.id].sort());

    const stemmed = await t.http.get(`/api/v2/posts/?author=${author.id}&search=${encodeURIComponent("run winter")}`);
    expect(stemmed.body.results.map((p: { id: string }) => p.id)).toEqual([inTitle.id]);
  });

  it("searches only the posts the caller may see", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const word = `zebra${Date.now()}`;
    const open = await createPost(t, author, { title: `Public ${word}` });
    const secret = await createPost(t, author, { title: `Private ${word}`, visibility: "private" });
    const ids = async (cookie?: string) => {
      const request = t.http.get(`/api/v2/posts/?search=${word}`);
      const res = await (cookie ? request.set("Cookie", cookie) : request);
      return res.body.results.map((p: { id: string }) => p.id).sort();
    };
    expect(await ids()).toEqual([open.id]);
    expect(await ids(other.cookie)).toEqual([open.id]);
    expect(await ids(author.cookie)).toEqual([open.id, secret.id].sort());
  });

  it("combines search with ordering and pagination", async () => {
    const author = await signUp(t);
    for (const title of ["Gamma kettle", "Alpha kettle", "Beta kettle", "Delta teapot"])
      await createPost(t, author, { title });
    const res = await t.http.get(`/api/v2/posts/?author=${author.id}&search=kettle&ordering=title&page_size=2`);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((p: { title: string }) => p.title)).toEqual(["Alpha kettle", "Beta kettle"]);
    const next = new URL(res.body.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      author: author.id,
      search: "kettle",
      ordering: "title",
      page_size: "2",
      page: "2",
    });
    const page2 = await t.http.get(next.pathname + next.search);
    expect(page2.body.results.map((p: { title: string }) => p.title)).toEqual(["Gamma kettle"]);
  });

  it("never fails on search syntax a user may type", async () => {
    for (const search of ['"unbalanced', "&&&", "!", "a | b", "-", "'", "\\", "日本語", "x".repeat(200)]) {
      const res = await t.http.get(`/api/v2/posts/?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
    }
    const tooLong = await t.http.get(`/api/v2/posts/?search=${"x".repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body)).toEqual(["search"]);
  });

  it("orders by each allowed field in both directions, and refuses an unknown field with 400", async () => {
    const author = await signUp(t);
    const seeded = await insertPosts(t, author, 3);
    await t.database.db
      .update(posts)
      .set({ updatedAt: new Date(0).toISOString() })
      .where(eq(posts.id, seeded[0]!.id));
    const order = async (ordering: string) =>
      (await t.http.get(`/api/v2/posts/?author=${author.id}&ordering=${ordering}`)).body.results.map(
        (p: { id: string }) => p.id,
      );
    const [newest, middle, oldest] = seeded.map((p) => p.id);
    expect(await order("-created_at")).toEqual([newest, middle, oldest]);
    expect(await order("created_at")).toEqual([oldest, middle, newest]);
    // Titles "Seeded post 000" (newest) to "... 002".
    expect(await order("title")).toEqual([newest, middle, oldest]);
    expect(await order("-title")).toEqual([oldest, middle, newest]);
    expect((await order("updated_at"))[0]).toBe(newest);
    expect((await order("-updated_at"))[2]).toBe(newest);

    for (const bad of ["password", "-secret", "title,bogus", "created_at;drop"]) {
      const res = await t.http.get(`/api/v2/posts/?ordering=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.ordering, bad).toHaveLength(1);
    }
  });

  it("filters by tag and by author, and answers 400 for an author that is not a user id", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const tag = `tag-${Date.now()}`;
    const tagged = await createPost(t, author, { tags: [tag, "other"] });
    await createPost(t, other, { tags: [tag] });
    await createPost(t, author, { tags: ["other"] });
    const res = await t.http.get(`/api/v2/posts/?tag=${tag}&author=${author.id}`);
    expect(res.body.results.map((p: { id: string }) => p.id)).toEqual([tagged.id]);
    const bad = await t.http.get("/api/v2/posts/?author=nobody");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["author"]);
  });

  it("filters by status: a moderator sees every hidden post, a user only their own; 400 for another status", async () => {
    const author = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const tag = `status-${Date.now()}`;
    const shown = await createPost(t, author, { tags: [tag] });
    const hidden = await createPost(t, author, { tags: [tag] });
    const othersHidden = await createPost(t, moderator, { tags: [tag] });
    for (const id of [hidden.id, othersHidden.id])
      await t.database.db.update(posts).set({ status: "hidden" }).where(eq(posts.id, id));
    const ids = async (query: string, cookie?: string) => {
      const request = t.http.get(`/api/v2/posts/?tag=${tag}&${query}`);
      const res = await (cookie ? request.set("Cookie", cookie) : request);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((p: { id: string }) => p.id).sort();
    };
    expect(await ids("status=hidden", moderator.cookie)).toEqual([hidden.id, othersHidden.id].sort());
    expect(await ids(`status=hidden&author=${author.id}`, moderator.cookie)).toEqual([hidden.id]);
    expect(await ids("status=visible", moderator.cookie)).toEqual([shown.id]);
    expect(await ids("status=hidden", author.cookie)).toEqual([hidden.id]);
    expect(await ids("status=hidden")).toEqual([]);
    const bad = await t.http.get("/api/v2/posts/?status=deleted");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["status"]);
  });

  it("ignores unknown query parameters", async () => {
    const res = await t.http.get("/api/v2/posts/?foo=bar&limit=abc");
    expect(res.status).toBe(200);
  });
});

describe("/api/v2/posts/ create, retrieve, update and delete", () => {
  it("creates with 201 and returns the bare post; the path without a trailing slash is the same route", async () => {
    const author = await signUp(t);
    for (const path of ["/api/v2/posts/", "/api/v2/posts"]) {
      const res = await t.http
        .post(path)
        .set("Cookie", author.cookie)
        .send({ title: "A v2 post", content: "Written through v2.", tags: ["v2"] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: "A v2 post",
        tags: ["v2"],
        visibility: "public",
        status: "visible",
        authorId: author.id,
      });
      const again = await t.http.get(`/api/v2/posts/${res.body.id}`);
      expect(again.body).toEqual(res.body);
      expect((await t.http.get(`/api/v2/posts/${res.body.id}/`)).body).toEqual(res.body);
    }
  });

  it("answers a validation failure with a map from field to messages", async () => {
    const author = await signUp(t);
    const res = await t.http
      .post("/api/v2/posts/")
      .set("Cookie", author.cookie)
      .send({ title: "abc", tags: ["1", "2", "3", "4", "5", "6"] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["content", "tags", "title"]);
    for (const messages of Object.values(res.body)) expect(messages).toEqual([expect.any(String)]);
    const malformed = await t.http.get("/api/v2/posts/not-a-uuid/");
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body)).toEqual(["id"]);
  });

  it("answers 401 without a session, before validating", async () => {
    const res = await t.http.post("/api/v2/posts/").send({ title: "x" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(notAuthenticated);
  });

  it("answers 404 Not found. for a post the caller may not see, as for one that does not exist", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const secret = await createPost(t, author, { visibility: "private" });
    for (const [path, cookie] of [
      [`/api/v2/posts/${secret.id}/`, other.cookie],
      [`/api/v2/posts/${secret.id}/`, undefined],
      [`/api/v2/posts/${unknownId}/`, author.cookie],
    ] as const) {
      const request = t.http.get(path);
      const res = await (cookie ? request.set("Cookie", cookie) : request);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    const own = await t.http.get(`/api/v2/posts/${secret.id}/`).set("Cookie", author.cookie);
    expect(own.status).toBe(200);
  });

  it("replaces with PUT (every field, defaults for the optional ones) and patches with PATCH (only the fields sent)", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author, { tags: ["keep"], visibility: "private" });
    const patched = await t.http
      .patch(`/api/v2/posts/${post.id}/`)
      .set("Cookie", author.cookie)
      .send({ title: "Patched title" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Patched title", tags: ["keep"], visibility: "private" });
    expect(new Date(patched.body.updatedAt).getTime()).toBeGreaterThan(new Date(post.createdAt).getTime());

    const incomplete = await t.http
      .put(`/api/v2/posts/${post.id}/`)
      .set("Cookie", author.cookie)
      .send({ title: "Only a title" });
    expect(incomplete.status).toBe(400);
    expect(Object.keys(incomplete.body)).toEqual(["content"]);

    const replaced = await t.http
      .put(`/api/v2/posts/${post.id}`)
      .set("Cookie", author.cookie)
      .send({ title: "Replaced title", content: "Replaced content." });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      title: "Replaced title",
      content: "Replaced content.",
      tags: [],
      visibility: "public",
    });
  });

  it("lets only the author update, and the author or an ADMIN delete with 204", async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, author);

    for (const user of [other, admin]) {
      const res = await t.http
        .patch(`/api/v2/posts/${post.id}/`)
        .set("Cookie", user.cookie)
        .send({ title: "Not yours" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    for (const user of [other, moderator]) {
      const res = await t.http.delete(`/api/v2/posts/${post.id}/`).set("Cookie", user.cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    const byAdmin = await t.http.delete(`/api/v2/posts/${post.id}/`).set("Cookie", admin.cookie);
    expect(byAdmin.status).toBe(204);
    expect(byAdmin.text).toBe("");

    const own = await createPost(t, author);
    expect((await t.http.delete(`/api/v2/posts/${own.id}`).set("Cookie", author.cookie)).status).toBe(204);
    expect((await t.http.get(`/api/v2/posts/${own.id}/`)).status).toBe(404);
  });

  it("shares data with v1, whose bodies keep their own shape", async () => {
    const author = await signUp(t);
    const created = await t.http
      .post("/api/v2/posts/")
      .set("Cookie", author.cookie)
      .send({ title: "Shared post", content: "Seen by both versions." });
    const v1 = await t.http.get(`/api/posts/${created.body.id}`);
    expect(v1.body).toEqual({ post: created.body });
    const missing = await t.http.get(`/api/posts/${unknownId}`);
    expect(missing.body).toEqual({ error: "Post not found", code: "post_not_found" });
  });

  it("answers an unknown v2 path with 404 Not found.", async () => {
    const res = await t.http.get("/api/v2/nothing-here/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  });
});

describe("GET /api/v2/posts/?search= and ?tag= with few and with many matches", () => {
  // Up to SORT_MATCHES_UP_TO matches the page sorts the matches themselves, above it PostgreSQL walks
  // the newest-first index: both must give the same posts in the same order, for either filter.
  it("pages either way newest first, ties broken by id, private posts shown only to their author", async () => {
    const author = await signUp(t);
    const many = SORT_MATCHES_UP_TO + 300;
    const few = 45;
    const start = Date.now() - 10_000_000;
    const inserted = await t.database.db
      .insert(posts)
      .values(
        Array.from({ length: many }, (_, i) => ({
          title: `Threshold post ${String(i).padStart(4, "0")}`,
          content: i < few ? "A note on walruses and narwhals." : "A note on narwhals.",
          tags: i < few ? ["walrus", "narwhal"] : ["narwhal"],
          authorId: author.id,
          // Pairs of posts share a timestamp, so the order rests on the id as well.
          createdAt: new Date(start - Math.floor(i / 2) * 1000).toISOString(),
          visibility: i % 10 === 3 ? ("private" as const) : ("public" as const),
        })),
      )
      .returning({ id: posts.id, title: posts.title, createdAt: posts.createdAt, visibility: posts.visibility });
    const newestFirst = [...inserted].sort(
      (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1),
    );
    const expected = (upTo: number, withPrivate: boolean) =>
      newestFirst
        .filter((p) => Number(p.title.slice(-4)) < upTo && (withPrivate || p.visibility === "public"))
        .map((p) => p.id);
    const ids = (res: { body: { results: { id: string }[] } }) => res.body.results.map((p) => p.id);

    for (const [filter, word, upTo] of [
      ["search", "walrus", few],
      ["search", "narwhal", many],
      ["tag", "walrus", few],
      ["tag", "narwhal", many],
    ] as const) {
      for (const cookie of [undefined, author.cookie]) {
        const all = expected(upTo, cookie !== undefined);
        const get = (query: string) => {
          const request = t.http.get(`/api/v2/posts/?author=${author.id}&${filter}=${word}&${query}`);
          return cookie ? request.set("Cookie", cookie) : request;
        };
        const first = await get("page_size=20");
        expect(first.status).toBe(200);
        expect(first.body.count).toBe(all.length);
        expect(ids(first)).toEqual(all.slice(0, 20));
        expect(ids(await get("page_size=20&page=2"))).toEqual(all.slice(20, 40));
        const last = Math.ceil(all.length / 20);
        expect(ids(await get(`page_size=20&page=${last}`))).toEqual(all.slice((last - 1) * 20));
        expect((await get(`page_size=20&page=${last + 1}`)).status).toBe(404);
        const byTitle = await get("page_size=10&page=2&ordering=-title");
        expect(byTitle.body.results.map((p: { title: string }) => p.title)).toEqual(
          newestFirst
            .filter((p) => all.includes(p.id))
            .map((p) => p.title)
            .sort()
            .reverse()
            .slice(10, 20),
        );
      }
    }
    expect(expected(few, false).length).toBeLessThanOrEqual(SORT_MATCHES_UP_TO);
    expect(expected(many, false).length).toBeGreaterThan(SORT_MATCHES_UP_TO);
  });

  // A count above SORT_MATCHES_UP_TO is remembered (src/posts/count-cache.ts): it must not go stale
  // for writes made through the service, with or without a filter.
  for (const filter of ["&search=ocelot", ""]) {
    it(`keeps a large count exact across writes, and pages past it only when there are rows (${filter || "no filter"})`, async () => {
      const author = await signUp(t);
      const many = SORT_MATCHES_UP_TO + 10;
      await t.database.db.insert(posts).values(
        Array.from({ length: many }, (_, i) => ({
          title: `Ocelot ${i}`,
          content: "Ocelots only.",
          authorId: author.id,
        })),
      );
      const list = `/api/v2/posts/?author=${author.id}${filter}&page_size=100`;
      const countNow = async () => (await t.http.get(list)).body.count;
      expect(await countNow()).toBe(many);
      expect(await countNow()).toBe(many);

      const added = await createPost(t, author, { title: "One more ocelot", content: "One more ocelot post." });
      const first = await t.http.get(list);
      expect(first.body.count).toBe(many + 1);
      expect(first.body.results[0].id).toBe(added.id);
      const patched = await t.http
        .patch(`/api/v2/posts/${added.id}/`)
        .set("Cookie", author.cookie)
        .send({ visibility: "private" });
      expect(patched.status).toBe(200);
      expect(await countNow()).toBe(many);
      const put = await t.http
        .put(`/api/posts/${added.id}`)
        .set("Cookie", author.cookie)
        .send({ title: "Ocelot again", content: "The ocelot is back." });
      expect(put.status).toBe(200);
      expect(await countNow()).toBe(many + 1);
      expect((await t.http.delete(`/api/v2/posts/${added.id}/`).set("Cookie", author.cookie)).status).toBe(204);
      expect(await countNow()).toBe(many);

      const lastPage = Math.ceil(many / 100);
      expect((await t.http.get(`${list}&page=${lastPage + 1}`)).status).toBe(404);
      // Rows written behind the service's back (another instance, the CLI) are served at once.
      await t.database.db.insert(posts).values(
        Array.from({ length: 100 }, (_, i) => ({
          title: `Late ocelot ${i}`,
          content: "Ocelot.",
          authorId: author.id,
        })),
      );
      const beyond = await t.http.get(`${list}&page=${lastPage + 1}`);
      expect(beyond.status).toBe(200);
      expect(beyond.body.results).toHaveLength(many + 100 - lastPage * 100);
      expect(beyond.body.count).toBeGreaterThanOrEqual(lastPage * 100 + beyond.body.results.length);
    });
  }

  it("answers a word no post contains with an empty first page", async () => {
    const res = await t.http.get("/api/v2/posts/?search=zeppelin");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
