import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();

/** Tags unique to one test, so that each reads its own through `?search=`. */
const prefixed = () => {
  const prefix = `t${randomUUID().slice(0, 8)}-`;
  return { prefix, tag: (name: string) => `${prefix}${name}` };
};

const tagsStartingWith = async (prefix: string, cookie = "") =>
  (await t.http.get(`/api/v2/tags/?search=${encodeURIComponent(prefix)}`).set("Cookie", cookie)).body;

describe("GET /api/v2/tags/", () => {
  it("lists the tags of public, visible posts as a plain array, most used first then by name, the same for every reader", async () => {
    const { prefix, tag } = prefixed();
    const author = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    await createPost(t, author, { tags: [tag("typescript"), tag("node")] });
    await createPost(t, author, { tags: [tag("typescript"), tag("beta")] });
    await createPost(t, author, { tags: [tag("secret"), tag("typescript")], visibility: "private" });
    const hidden = await createPost(t, author, { tags: [tag("moderated")] });
    await t.http.post("/api/moderate").set("Cookie", moderator.cookie).send({ postId: hidden.id, action: "hide" });

    const anonymous = await t.http.get(`/api/v2/tags/?search=${prefix}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual([
      { name: tag("typescript"), count: 2 },
      { name: tag("beta"), count: 1 },
      { name: tag("node"), count: 1 },
    ]);
    // Not even their author sees the tags of a private or hidden post here.
    expect(await tagsStartingWith(prefix, author.cookie)).toEqual(anonymous.body);
    expect(await tagsStartingWith(prefix, moderator.cookie)).toEqual(anonymous.body);
    expect((await t.http.get("/api/v2/tags")).body).toEqual(expect.any(Array));
  });

  it("follows creations, tag and visibility edits, moderation and deletions, of posts and of their authors", async () => {
    const { prefix, tag } = prefixed();
    const author = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, author, { tags: [tag("a"), tag("b"), tag("a")] });
    const other = await createPost(t, author, { tags: [tag("a")] });
    expect(await tagsStartingWith(prefix)).toEqual([
      { name: tag("a"), count: 2 },
      { name: tag("b"), count: 1 },
    ]);

    await t.http
      .patch(`/api/v2/posts/${post.id}/`)
      .set("Cookie", author.cookie)
      .send({ tags: [tag("b"), tag("c")] });
    expect(await tagsStartingWith(prefix)).toEqual([
      { name: tag("a"), count: 1 },
      { name: tag("b"), count: 1 },
      { name: tag("c"), count: 1 },
    ]);
    await t.http.patch(`/api/v2/posts/${post.id}/`).set("Cookie", author.cookie).send({ visibility: "private" });
    expect(await tagsStartingWith(prefix)).toEqual([{ name: tag("a"), count: 1 }]);
    await t.http.patch(`/api/v2/posts/${post.id}/`).set("Cookie", author.cookie).send({ visibility: "public" });
    await t.http.post("/api/moderate").set("Cookie", admin.cookie).send({ postId: other.id, action: "hide" });
    expect(await tagsStartingWith(prefix)).toEqual([
      { name: tag("b"), count: 1 },
      { name: tag("c"), count: 1 },
    ]);
    await t.http.post("/api/moderate").set("Cookie", admin.cookie).send({ postId: other.id, action: "restore" });
    expect((await t.http.delete(`/api/posts/${post.id}`).set("Cookie", author.cookie)).status).toBe(200);
    expect(await tagsStartingWith(prefix)).toEqual([{ name: tag("a"), count: 1 }]);
    expect((await t.http.delete(`/api/users/${author.id}`).set("Cookie", admin.cookie)).status).toBe(204);
    expect(await tagsStartingWith(prefix)).toEqual([]);
  });

  it("serves at most 100 tags, the most used", async () => {
    const { prefix, tag } = prefixed();
    const author = await signUp(t);
    const names = Array.from({ length: 105 }, (_, i) => tag(String(i).padStart(3, "0")));
    for (let i = 0; i < names.length; i += 5) await createPost(t, author, { tags: names.slice(i, i + 5) });
    // The last five tags are used twice: they lead, and the five cut are the last by name among the rest.
    await createPost(t, author, { tags: names.slice(100) });
    const listed = await tagsStartingWith(prefix);
    expect(listed).toHaveLength(100);
    expect(listed.slice(0, 5)).toEqual(names.slice(100).map((name) => ({ name, count: 2 })));
    expect(listed.slice(5).map((entry: { name: string }) => entry.name)).toEqual(names.slice(0, 95));
    expect((await t.http.get("/api/v2/tags/")).body.length).toBeLessThanOrEqual(100);
  });

  it("filters by a case-insensitive prefix, taking % and _ literally, and refuses one over 50 characters", async () => {
    const { prefix, tag } = prefixed();
    const author = await signUp(t);
    await createPost(t, author, { tags: [tag("Kubernetes"), tag("kube_ctl"), tag("kubexctl"), tag("k8s")] });
    // Sorted here: with equal counts, the order by name is the database's collation.
    const names = async (search: string) =>
      (await tagsStartingWith(search)).map((entry: { name: string }) => entry.name).sort();
    expect(await names(`${prefix.toUpperCase()}KUBE`)).toEqual(
      [tag("Kubernetes"), tag("kube_ctl"), tag("kubexctl")].sort(),
    );
    expect(await names(`${prefix}kube_`)).toEqual([tag("kube_ctl")]);
    expect(await names(`${prefix}%`)).toEqual([]);
    const tooLong = await t.http.get(`/api/v2/tags/?search=${"s".repeat(51)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ search: [expect.any(String)] });
  });

  it("keeps every count equal to a count over the posts themselves, after all the writes above", async () => {
    const kept = await t.database.db.execute(sql`select name, count from tag_counts order by name`);
    const recount = await t.database.db.execute(sql`
      select tag as name, count(*)::int as count
      from posts as p cross join lateral (select distinct unnest(p.tags) as tag) as t
      where p.visibility = 'public' and p.status = 'visible' group by tag order by tag`);
    expect((kept as { rows: unknown[] }).rows).toEqual((recount as { rows: unknown[] }).rows);
  });
});
