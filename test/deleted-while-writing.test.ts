// A write that loses a race with a deletion: the session passed the guard, then the author's account
// or the post was deleted before the insert. The foreign key it violates says which vanished: the
// author (401, their session went with the account) or the post (404), never a 500. Triggers delete
// the row at the last moment, so the race is the same every run, on PGlite and PostgreSQL alike (the
// failed insert rolls the trigger's deletion back, so the rows are still there afterwards).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost, signUp, v2Errors } from "./factories.js";
import { useTestApp } from "./harness.js";

const t = useTestApp();

const AUTHOR_VANISHES = "The author vanishes meanwhile";
const POST_VANISHES = "The post vanishes meanwhile";

beforeAll(async () => {
  const statements = [
    `create function delete_author_first() returns trigger language plpgsql as $$
       begin delete from users where id = new.author_id; return new; end $$`,
    `create function delete_post_first() returns trigger language plpgsql as $$
       begin delete from posts where id = new.post_id; return new; end $$`,
    `create trigger post_author_vanishes before insert on posts
       for each row when (new.title = '${AUTHOR_VANISHES}') execute function delete_author_first()`,
    `create trigger comment_author_vanishes before insert on comments
       for each row when (new.content = '${AUTHOR_VANISHES}') execute function delete_author_first()`,
    `create trigger commented_post_vanishes before insert on comments
       for each row when (new.content = '${POST_VANISHES}') execute function delete_post_first()`,
  ];
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
});

const NO_SESSION = { error: "No auth session" };

describe("a write whose author or post is deleted while it runs", () => {
  it("answers a post by an author deleted meanwhile with 401, in v1 and v2", async () => {
    const v1Author = await signUp(t);
    const v1 = await t.http
      .post("/api/posts")
      .set("Cookie", v1Author.cookie)
      .send({ title: AUTHOR_VANISHES, content: "Content long enough." });
    expect(v1.status).toBe(401);
    expect(v1.body).toEqual(NO_SESSION);
    const v2Author = await signUp(t);
    const v2 = await t.http
      .post("/api/v2/posts/")
      .set("Cookie", v2Author.cookie)
      .send({ title: AUTHOR_VANISHES, content: "Content long enough." });
    expect(v2.status).toBe(401);
    expect(v2.body).toEqual(v2Errors.notAuthenticated);
  });

  it("answers a comment by an author deleted meanwhile with 401, not 'post not found'", async () => {
    const postAuthor = await signUp(t);
    const post = await createPost(t, postAuthor);
    const commenter = await signUp(t);
    const res = await t.http
      .post(`/api/v2/posts/${post.id}/comments/`)
      .set("Cookie", commenter.cookie)
      .send({ content: AUTHOR_VANISHES });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(v2Errors.notAuthenticated);
  });

  it("answers a comment on a post deleted meanwhile with 404", async () => {
    const postAuthor = await signUp(t);
    const post = await createPost(t, postAuthor);
    const commenter = await signUp(t);
    const res = await t.http
      .post(`/api/v2/posts/${post.id}/comments/`)
      .set("Cookie", commenter.cookie)
      .send({ content: POST_VANISHES });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(v2Errors.notFound);
  });

  it("logs none of them as a server error", () => {
    expect(t.logs.filter((entry) => entry.level === "error")).toEqual([]);
  });
});
