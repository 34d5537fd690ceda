import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { newestFirst, postColumns } from "../posts/service.js";
import { compiledRowsQuery } from "./compiled-rows.js";
import { posts, sessions, users } from "./schema.js";

// compiledRowsQuery runs drizzle's prepared statements without drizzle's row mapping; on PostgreSQL
// (node-postgres) it answers every query here itself, and each answer must be drizzle's own.
const t = useTestApp();
const onPostgres = () => t.database.kind === "postgres";
let statements = 0;
const name = () => `compiled_rows_test_${(statements += 1)}`;

describe("compiled prepared selects", () => {
  it("lists posts as drizzle maps them: tags, nulls, timestamps, every visibility", async () => {
    const author = await signUp(t);
    const odd = await createPost(t, author);
    await createPost(t, author, { tags: [], visibility: "private" });
    await createPost(t, author, { tags: ["kubernetes", "go"] });
    // Tags the API would refuse, but a row may hold: every quoting rule of PostgreSQL's array text.
    const oddTags = ["with space", 'quote"d', "comma,d", "back\\slash", "{brace}", "NULL", "", "é"];
    await t.database.db.update(posts).set({ tags: oddTags }).where(eq(posts.id, odd.id));
    // A selection with SQL in it is drizzle's to map.
    const withSql = t.database.db
      .select({ id: posts.id, absent: sql<string | null>`null::text`.as("absent") })
      .from(posts)
      .prepare(name());
    expect(compiledRowsQuery(withSql)).toBe(withSql);

    const columnsOnly = t.database.db
      .select(postColumns)
      .from(posts)
      .where(eq(posts.authorId, sql.placeholder("author")))
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name());
    const fast = compiledRowsQuery(columnsOnly);
    expect(fast !== columnsOnly).toBe(onPostgres());
    for (const page of [
      { limit: 20, offset: 0 },
      { limit: 1, offset: 1 },
      { limit: 5, offset: 10 },
    ]) {
      const values = { author: author.id, ...page };
      const mine = await fast.execute(values);
      expect(mine).toEqual(await columnsOnly.execute(values));
      expect(JSON.stringify(mine)).toBe(JSON.stringify(await columnsOnly.execute(values)));
    }
  });

  it("maps a join's nested selection, with the user's roles, as drizzle does", async () => {
    const user = await signUp(t, { roles: ["USER", "MODERATOR"] });
    const prepared = t.database.db
      .select({
        session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
        user: { id: users.id, name: users.name, image: users.image, roles: users.roles },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.userId, sql.placeholder("userId")))
      .prepare(name());
    const fast = compiledRowsQuery(prepared);
    expect(fast !== prepared).toBe(onPostgres());
    const mine = await fast.execute({ userId: user.id });
    expect(mine).toHaveLength(1);
    expect(mine).toEqual(await prepared.execute({ userId: user.id }));
    expect(mine[0]!.session.expiresAt).toBeInstanceOf(Date);
    expect(await fast.execute({ userId: "00000000-0000-4000-8000-000000000000" })).toEqual([]);
  });

  it("inserts with placeholders, arrays encoded, and returns the row as drizzle does", async () => {
    const author = await signUp(t);
    const prepared = t.database.db
      .insert(posts)
      .values({
        title: sql.placeholder("title"),
        content: sql.placeholder("content"),
        tags: sql.placeholder("tags"),
        authorId: sql.placeholder("authorId"),
      })
      .returning(postColumns)
      .prepare(name());
    const fast = compiledRowsQuery(prepared);
    expect(fast !== prepared).toBe(onPostgres());
    const values = { title: "Inserted", content: "Through a prepared insert.", authorId: author.id };
    const tags = ["plain", 'quote"d', "comma,d", "back\\slash", "", "NULL"];
    const [mine] = await fast.execute({ ...values, tags });
    const [theirs] = await prepared.execute({ ...values, tags });
    const unique = { id: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) };
    expect(mine).toEqual({ ...theirs, ...unique });
    expect(mine!.tags).toEqual(tags);
  });

  it("fails as drizzle fails: a missing placeholder, and a query error with the driver's error as its cause", async () => {
    const prepared = t.database.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.id, sql.placeholder("id")))
      .prepare(name());
    const fast = compiledRowsQuery(prepared);
    await expect(fast.execute({})).rejects.toThrow('No value for placeholder "id" was provided');
    const failure = (query: Promise<unknown>) =>
      query.then(
        () => expect.fail("the query should fail"),
        (error: unknown) => error as Error,
      );
    const theirs = await failure(prepared.execute({ id: "not a uuid" }));
    const mine = await failure(fast.execute({ id: "not a uuid" }));
    expect(mine.constructor).toBe(theirs.constructor);
    expect(mine.message).toBe(theirs.message);
    expect((mine.cause as { code?: string }).code).toBe((theirs.cause as { code?: string }).code);
  });
});
