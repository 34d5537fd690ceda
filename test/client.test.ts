import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient } from "../client/index.js";
import { fetchWithCookieJar } from "../client/node.js";
import { setUserRoles } from "../src/users/service.js";
import { useTestApp } from "./harness.js";
import { poll } from "./poll.js";

// The frontend's origin: allowed by CORS_ORIGINS, and sent by the client as a browser would.
const FRONTEND = "http://localhost:5173";
const t = useTestApp({ CORS_ORIGINS: FRONTEND });

let baseUrl: string;
const newClient = (): ApiClient => createApiClient({ baseUrl, origin: FRONTEND, fetch: fetchWithCookieJar() });

beforeAll(async () => {
  if (!t.server.listening) await once(t.server, "listening");
  baseUrl = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
});

async function signedUp(client: ApiClient, name: string) {
  const email = `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`;
  const { data, error } = await client.auth.signUp.email({ name, email, password: "correct horse battery" });
  expect(error).toBeNull();
  return { id: data!.user.id, email };
}

describe("the typed client (client/)", () => {
  it("signs up, posts, and pages through each list style with the session cookie", async () => {
    const ada = newClient();
    const { id } = await signedUp(ada, "Ada");

    const profile = await ada.GET("/api/profile");
    expect(profile.response.status).toBe(200);
    expect(profile.data?.user).toMatchObject({ id, name: "Ada", roles: ["USER"] });
    // better-auth's own session answer is typed with the roles too: a role-based UI needs no other call.
    const session = await ada.auth.getSession();
    const roles: string[] | null | undefined = session.data?.user.roles;
    expect(roles).toEqual(["USER"]);

    const created = await ada.POST("/api/v2/posts/", {
      body: { title: "Hello from the client", content: "Typed all the way down.", tags: ["client"] },
    });
    expect(created.response.status).toBe(201);
    const postId = created.data!.id;

    // Page number: posts.
    const page = await ada.GET("/api/v2/posts/", { params: { query: { tag: "client", page_size: 1 } } });
    expect(page.data).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: postId, tags: ["client"] }],
    });

    // Cursor: comments, following `next` as given.
    for (const content of [
      "first",
      "second",
      "third",
      "fourth",
      "fifth",
      "sixth",
      "seventh",
      "eighth",
      "ninth",
      "tenth",
      "eleventh",
    ]) {
      const comment = await ada.POST("/api/v2/posts/{postId}/comments/", {
        params: { path: { postId } },
        body: { content },
      });
      expect(comment.response.status).toBe(201);
    }
    const first = await ada.GET("/api/v2/posts/{postId}/comments/", { params: { path: { postId } } });
    expect(first.data?.results.map((comment) => comment.content)[0]).toBe("eleventh");
    const cursor = new URL(first.data!.next!).searchParams.get("cursor")!;
    const second = await ada.GET("/api/v2/posts/{postId}/comments/", {
      params: { path: { postId }, query: { cursor } },
    });
    expect(second.data).toMatchObject({ next: null, results: [{ content: "first" }] });

    // Limit/offset: users, for an admin.
    // Written past the service: its cached session hears of the role through the change feed,
    // which on PostgreSQL may come after the next request.
    await setUserRoles(t.database.db, id, ["ADMIN"]);
    const users = await poll(
      () => ada.GET("/api/v2/users/", { params: { query: { limit: 1, offset: 0, search: "ada" } } }),
      (answer) => answer.response.status !== 403,
    );
    expect(users.data).toMatchObject({ count: 1, previous: null, results: [{ id }] });
  });

  it("reads every list the API serves, each typed as its JSON page without narrowing", async () => {
    const admin = newClient();
    const { id } = await signedUp(admin, "Grace");
    await setUserRoles(t.database.db, id, ["ADMIN"]);
    // Once the session has heard of the role (see above).
    await poll(
      () => admin.GET("/api/v2/users/"),
      (answer) => answer.response.status !== 403,
    );
    const created = await admin.POST("/api/v2/posts/", {
      body: { title: "A listed post", content: "Listed in every list.", tags: ["listed"] },
    });
    const postId = created.data!.id;
    await admin.POST("/api/v2/posts/{postId}/comments/", { params: { path: { postId } }, body: { content: "Hi" } });
    await admin.POST("/api/v2/notifications/", { body: { userId: id, message: "Hello Grace" } });

    const v1Posts = await admin.GET("/api/posts", { params: { query: { limit: 5 } } });
    expect(v1Posts.data!.posts.map((post) => post.id)).toContain(postId);
    const v1Users = await admin.GET("/api/users");
    expect(v1Users.data!.users.map((user) => user.id)).toContain(id);
    const adminUsers = await admin.GET("/api/admin/users");
    expect(adminUsers.data!.users.map((user) => user.id)).toContain(id);
    const audit = await admin.GET("/api/admin/audit");
    expect(Array.isArray(audit.data!.entries)).toBe(true);
    const v2Posts = await admin.GET("/api/v2/posts/");
    expect(v2Posts.data!.results.map((post) => post.id)).toContain(postId);
    const comments = await admin.GET("/api/v2/posts/{postId}/comments/", { params: { path: { postId } } });
    expect(comments.data!.results.map((comment) => comment.content)).toEqual(["Hi"]);
    const v2Users = await admin.GET("/api/v2/users/");
    expect(v2Users.data!.results.map((user) => user.id)).toContain(id);
    const notifications = await admin.GET("/api/v2/notifications/");
    expect(notifications.data!.results.map((notification) => notification.message)).toContain("Hello Grace");
    const tags = await admin.GET("/api/v2/tags/");
    expect(tags.data!.map((tag) => tag.name)).toContain("listed");
  });

  it("returns each of the three error shapes as the typed error", async () => {
    const bob = newClient();
    const { email } = await signedUp(bob, "Bob");

    // better-auth: {message, code}
    const again = await bob.auth.signUp.email({ name: "Bob", email, password: "correct horse battery" });
    expect(again.error).toMatchObject({ status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" });

    // v1: {error, code}
    const missing = await bob.GET("/api/posts/{id}", { params: { path: { id: crypto.randomUUID() } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ error: "Post not found", code: "post_not_found" });

    // v2: a field map on validation, {detail} otherwise
    const invalid = await bob.POST("/api/v2/posts/", { body: { title: "Hi", content: "Long enough content." } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toEqual({ title: ["Too small: expected string to have >=5 characters"] });

    const { error: signOutError } = await bob.auth.signOut();
    expect(signOutError).toBeNull();
    const refused = await bob.GET("/api/v2/notifications/");
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ detail: "Authentication credentials were not provided." });
  });
});
