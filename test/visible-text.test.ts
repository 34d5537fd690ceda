// Titles, content, names, comments and messages are trimmed and must hold a visible character:
// blank or invisible text is a 400 with the field's messages, in both versions and at sign-up.
import { describe, expect, it } from "vitest";
import { createPost, signUp, validationFailure } from "./factories.js";
import { useTestApp } from "./harness.js";

const t = useTestApp();

const INVISIBLE = [
  " ".repeat(12),
  "\t\n\r  \t\n\r  \t\n",
  "\u200B".repeat(12),
  "\u200C\u200D\u2060\uFEFF\u200E\u200F\u200C\u200D\u2060\uFEFF\u200E\u200F",
  "\u3164".repeat(12),
  "\u00A0\u2800\u180E\u2028\u2029\u3000\u00AD\u034F\u2800\u3000\u00A0\u2800",
];
const VALID_POST = { title: "A valid title", content: "Content long enough to pass." };

describe("text that must be seen", () => {
  it("refuses a blank or invisible title or content in v1 and v2", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    for (const value of INVISIBLE) {
      for (const field of ["title", "content"] as const) {
        const body = { ...VALID_POST, [field]: value };
        const v1 = await t.http.post("/api/posts").set("Cookie", author.cookie).send(body);
        expect(v1.status, JSON.stringify(value)).toBe(400);
        expect(v1.body).toEqual(validationFailure(`body.${field}`));
        const v2 = await t.http.post("/api/v2/posts/").set("Cookie", author.cookie).send(body);
        expect(v2.status, JSON.stringify(value)).toBe(400);
        expect(Object.keys(v2.body)).toEqual([field]);
        const put = await t.http.put(`/api/posts/${post.id}`).set("Cookie", author.cookie).send(body);
        expect(put.status).toBe(400);
        const patch = await t.http
          .patch(`/api/v2/posts/${post.id}/`)
          .set("Cookie", author.cookie)
          .send({ [field]: value });
        expect(patch.status).toBe(400);
        expect(Object.keys(patch.body)).toEqual([field]);
      }
    }
    expect((await t.http.get(`/api/posts/${post.id}`)).body.post).toMatchObject({ title: post.title });
  });

  it("stores titles, content and tags trimmed, lengths counted after trimming", async () => {
    const author = await signUp(t);
    const res = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send({ title: "  Trimmed title \n", content: "\t Content with spaces around. \n", tags: [" news "] });
    expect(res.status).toBe(201);
    expect(res.body.post).toMatchObject({
      title: "Trimmed title",
      content: "Content with spaces around.",
      tags: ["news"],
    });
    const short = await t.http
      .post("/api/posts")
      .set("Cookie", author.cookie)
      .send({ ...VALID_POST, title: "   abcd   " });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual({ "body.title": ["Too small: expected string to have >=5 characters"] });
  });

  it("keeps visible text that holds invisible characters (an emoji with its variation selector)", async () => {
    const author = await signUp(t);
    const res = await t.http
      .post("/api/v2/posts/")
      .set("Cookie", author.cookie)
      .send({ ...VALID_POST, title: "I \u2764\uFE0F it \u200B" });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("I \u2764\uFE0F it \u200B");
  });

  it("refuses a blank or invisible name on the user routes of both versions and at sign-up", async () => {
    const user = await signUp(t);
    for (const name of INVISIBLE) {
      const v1 = await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ name });
      expect(v1.status, JSON.stringify(name)).toBe(400);
      expect(Object.keys(v1.body.details)).toEqual(["body.name"]);
      const v2 = await t.http.patch(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie).send({ name });
      expect(v2.status).toBe(400);
      expect(Object.keys(v2.body)).toEqual(["name"]);
      const created = await t.http
        .post("/api/users")
        .send({ name, email: `blank-${Date.now()}@example.com`, password: "long enough" });
      expect(created.status).toBe(400);
      const signedUp = await t.http
        .post("/api/auth/sign-up/email")
        .send({ name, email: `blank-${Date.now()}@example.com`, password: "long enough" });
      expect(signedUp.status).toBe(400);
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.name).toBe(user.name);
  });

  it("refuses a blank or invisible comment or admin message", async () => {
    const author = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, author);
    for (const value of INVISIBLE) {
      const comment = await t.http
        .post(`/api/v2/posts/${post.id}/comments/`)
        .set("Cookie", author.cookie)
        .send({ content: value });
      expect(comment.status, JSON.stringify(value)).toBe(400);
      expect(Object.keys(comment.body)).toEqual(["content"]);
      const message = await t.http
        .post("/api/v2/notifications/")
        .set("Cookie", admin.cookie)
        .send({ userId: author.id, message: value });
      expect(message.status).toBe(400);
      expect(Object.keys(message.body)).toEqual(["message"]);
    }
  });
});
