// Django REST framework's answers to a method a path does not serve and to a body that is not
// JSON, which v2 clients are written against; v1 keeps its own unknown-endpoint 404.
import { describe, expect, it } from "vitest";
import { createPost, signUp } from "./factories.js";
import { useTestApp } from "./harness.js";

const t = useTestApp();
const validPost = { title: "A valid title", content: "Content long enough to pass." };

describe("a known v2 path with another method", () => {
  it("is 405 with an Allow header and DRF's body, signed in or not", async () => {
    const user = await signUp(t);
    const post = await createPost(t, user);
    const cases: [method: "patch" | "put" | "delete" | "post", path: string, allow: string][] = [
      ["patch", "/api/v2/posts/", "GET, HEAD, POST"],
      ["delete", "/api/v2/posts", "GET, HEAD, POST"],
      ["post", `/api/v2/posts/${post.id}/`, "DELETE, GET, HEAD, PATCH, PUT"],
      ["put", "/api/v2/notifications/", "GET, HEAD, POST"],
      ["delete", "/api/v2/tags/", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      for (const cookie of [user.cookie, ""]) {
        const res = await t.http[method](path).set("Cookie", cookie).send({});
        const call = `${method} ${path} ${cookie ? "signed in" : "anonymous"}`;
        expect(res.status, call).toBe(405);
        expect(res.headers.allow, call).toBe(allow);
        expect(res.body, call).toEqual({ detail: `Method "${method.toUpperCase()}" not allowed.` });
      }
    }
  });

  it("leaves an unknown v2 path a 404 and v1's unserved methods the unknown-endpoint 404", async () => {
    expect((await t.http.patch("/api/v2/nothing-here/")).body).toEqual({ detail: "Not found." });
    const v1 = await t.http.patch("/api/posts");
    expect(v1.status).toBe(404);
    expect(v1.headers.allow).toBeUndefined();
    expect(v1.body).toEqual({ error: "Endpoint not found", code: "not_found", endpoint: "PATCH /api/posts" });
  });
});

describe("a v2 write whose body is not JSON", () => {
  it("is 415 with DRF's body, for a form, plain text or multipart", async () => {
    const user = await signUp(t);
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const res = await t.http
        .post("/api/v2/posts/")
        .set("Cookie", user.cookie)
        .set("Content-Type", contentType)
        .send("title=A+valid+title");
      expect(res.status, contentType).toBe(415);
      expect(res.body, contentType).toEqual({
        detail: `Unsupported media type "${contentType}" in request.`,
      });
    }
    const patched = await t.http
      .patch(`/api/v2/users/${user.id}/`)
      .set("Cookie", user.cookie)
      .set("Content-Type", "application/x-www-form-urlencoded")
      .send("name=Someone");
    expect(patched.status).toBe(415);
  });

  it("keeps malformed JSON a 400, and JSON with a charset or no body at all accepted", async () => {
    const user = await signUp(t);
    const malformed = await t.http
      .post("/api/v2/posts/")
      .set("Cookie", user.cookie)
      .set("Content-Type", "application/json")
      .send('{"title":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: "Malformed JSON body", code: "invalid_json" });
    const withCharset = await t.http
      .post("/api/v2/posts/")
      .set("Cookie", user.cookie)
      .set("Content-Type", "application/json; charset=utf-8")
      .send(JSON.stringify(validPost));
    expect(withCharset.status).toBe(201);
    const post = await createPost(t, user);
    expect((await t.http.delete(`/api/v2/posts/${post.id}/`).set("Cookie", user.cookie)).status).toBe(204);
  });

  it("leaves v1 as it was: a form body is read as no body", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/posts")
      .set("Cookie", user.cookie)
      .set("Content-Type", "application/x-www-form-urlencoded")
      .send("title=A+valid+title");
    expect(res.status).toBe(400);
  });
});
