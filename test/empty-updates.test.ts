// An update that carries no field to change (an empty body, or only fields the schemas drop) answers
// the object as it is, updatedAt included, on every update route of both versions; a full update
// (PUT) whose schema requires fields refuses it with 400.
import { describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser, unknownId } from "./factories.js";
import { useTestApp } from "./harness.js";

const t = useTestApp();

const NOTHING_TO_CHANGE = [{}, { status: "hidden" }, { roles: ["ADMIN"], id: unknownId }];

async function commentOn(postId: string, user: TestUser) {
  const res = await t.http
    .post(`/api/v2/posts/${postId}/comments/`)
    .set("Cookie", user.cookie)
    .send({ content: "A comment" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; updatedAt: string };
}

describe("an update with no field to change", () => {
  it("answers PATCH /api/v2/posts/<id>/ with the unchanged post", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const before = (await t.http.get(`/api/v2/posts/${post.id}/`)).body;
    for (const body of NOTHING_TO_CHANGE) {
      const res = await t.http.patch(`/api/v2/posts/${post.id}/`).set("Cookie", author.cookie).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(before);
    }
    expect((await t.http.get(`/api/v2/posts/${post.id}/`)).body).toEqual(before);
  });

  it("answers PUT /api/users/<id> with the unchanged user", async () => {
    const user = await signUp(t);
    const before = (await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user;
    for (const body of NOTHING_TO_CHANGE) {
      const res = await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ user: before });
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user).toEqual(before);
  });

  it("answers PATCH /api/v2/users/<id>/ with the unchanged user", async () => {
    const user = await signUp(t);
    const before = (await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie)).body;
    for (const body of NOTHING_TO_CHANGE) {
      const res = await t.http.patch(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(before);
    }
  });

  it("answers PATCH on a comment with the unchanged comment", async () => {
    const user = await signUp(t);
    const post = await createPost(t, user);
    const comment = await commentOn(post.id, user);
    for (const body of NOTHING_TO_CHANGE) {
      const res = await t.http
        .patch(`/api/v2/posts/${post.id}/comments/${comment.id}/`)
        .set("Cookie", user.cookie)
        .send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(comment);
    }
  });

  it("is a 400 naming the required fields on every full update (PUT) of either version", async () => {
    const user = await signUp(t);
    const post = await createPost(t, user);
    const comment = await commentOn(post.id, user);
    const routes = [
      { path: `/api/posts/${post.id}`, fields: { "body.title": expect.any(Array), "body.content": expect.any(Array) } },
      { path: `/api/v2/posts/${post.id}/`, fields: { title: expect.any(Array), content: expect.any(Array) } },
      { path: `/api/v2/users/${user.id}/`, fields: { name: expect.any(Array), email: expect.any(Array) } },
      { path: `/api/v2/posts/${post.id}/comments/${comment.id}/`, fields: { content: expect.any(Array) } },
    ];
    for (const { path, fields } of routes) {
      for (const body of NOTHING_TO_CHANGE) {
        const res = await t.http.put(path).set("Cookie", user.cookie).send(body);
        expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.details ?? res.body, path).toEqual(fields);
      }
    }
  });
});
