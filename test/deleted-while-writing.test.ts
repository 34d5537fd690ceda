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

// Each write is sent by a new user, on a post of another new user; its marker sets off a trigger.
const races = [
  {
    write: "a v1 post by an author deleted meanwhile",
    path: () => "/api/posts",
    body: { title: AUTHOR_VANISHES, content: "Content long enough." },
    status: 401,
    answer: { error: "No auth session" },
  },
  {
    write: "a v2 post by an author deleted meanwhile",
    path: () => "/api/v2/posts/",
    body: { title: AUTHOR_VANISHES, content: "Content long enough." },
    status: 401,
    answer: v2Errors.notAuthenticated,
  },
  {
    write: "a comment by an author deleted meanwhile, not as 'post not found'",
    path: (postId: string) => `/api/v2/posts/${postId}/comments/`,
    body: { content: AUTHOR_VANISHES },
    status: 401,
    answer: v2Errors.notAuthenticated,
  },
  {
    write: "a comment on a post deleted meanwhile",
    path: (postId: string) => `/api/v2/posts/${postId}/comments/`,
    body: { content: POST_VANISHES },
    status: 404,
    answer: v2Errors.notFound,
  },
];

describe("a write whose author or post is deleted while it runs", () => {
  it.each(races)("answers $status to $write", async ({ path, body, status, answer }) => {
    const post = await createPost(t, await signUp(t));
    const writer = await signUp(t);
    const res = await t.http.post(path(post.id)).set("Cookie", writer.cookie).send(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
  });

  it("logs none of them as a server error", () => {
    expect(t.logs.filter((entry) => entry.level === "error")).toEqual([]);
  });
});
