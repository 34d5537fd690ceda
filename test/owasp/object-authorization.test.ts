// OWASP API Security Top 10 (2023), API1: a signed-in user reaches no other user's object, on any
// route with an id, and leaves the victim's rows as they were.
import { beforeAll, describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser, unknownId } from "../factories.js";
import { fillPath } from "../route-rules.js";
import { send, useOwaspApp, validPost } from "./helpers.js";

const { t, routes, rowsOf } = useOwaspApp();

describe("API1:2023 Broken Object Level Authorization", () => {
  interface Fixtures {
    victim: TestUser;
    stranger: TestUser;
    publicPost: { id: string };
    privatePost: { id: string };
    commentOnPublic: { id: string };
    commentOnPrivate: { id: string };
    notification: { id: string };
  }
  const f = {} as Fixtures;
  let before: unknown[];

  const victimRows = async () => [
    await rowsOf("users", "id", [f.victim.id]),
    await rowsOf("accounts", "user_id", [f.victim.id]),
    await rowsOf("posts", "author_id", [f.victim.id]),
    await rowsOf("comments", "author_id", [f.victim.id]),
    await rowsOf("notifications", "user_id", [f.victim.id]),
  ];

  beforeAll(async () => {
    f.victim = await signUp(t);
    f.stranger = await signUp(t);
    f.publicPost = await createPost(t, f.victim);
    f.privatePost = await createPost(t, f.victim, { visibility: "private" });
    const comment = async (postId: string) => {
      const res = await t.http
        .post(`/api/v2/posts/${postId}/comments/`)
        .set("Cookie", f.victim.cookie)
        .send({ content: "Mine" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: string };
    };
    f.commentOnPublic = await comment(f.publicPost.id);
    f.commentOnPrivate = await comment(f.privatePost.id);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const sent = await t.http
      .post("/api/v2/notifications/")
      .set("Cookie", admin.cookie)
      .send({ userId: f.victim.id, message: "Private" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    f.notification = sent.body;
    before = await victimRows();
  });

  /**
   * Every route with an id, tried by a signed-in stranger on the victim's resource: the status the
   * stranger gets, the path parameters, and a valid body (so that validation, which runs before
   * ownership, passes and the ownership rule is what answers).
   */
  interface Attempt {
    params: (f: Fixtures) => Record<string, string>;
    body?: unknown;
    status: number;
  }
  const onPublicPost = (f: Fixtures) => ({ id: f.publicPost.id });
  const onPrivatePost = (f: Fixtures) => ({ id: f.privatePost.id, postId: f.privatePost.id });
  const onVictim = (f: Fixtures) => ({ id: f.victim.id });
  const commentOnPublic = (f: Fixtures) => ({ postId: f.publicPost.id, id: f.commentOnPublic.id });
  const commentOnPrivate = (f: Fixtures) => ({ postId: f.privatePost.id, id: f.commentOnPrivate.id });
  const onNotification = (f: Fixtures) => ({ id: f.notification.id });
  const ATTEMPTS: Record<string, Attempt> = {
    // A post the stranger may not see is 404, never 403: its existence does not leak.
    "GET /api/posts/:id": { params: onPrivatePost, status: 404 },
    "PUT /api/posts/:id": { params: onPublicPost, body: validPost, status: 403 },
    "DELETE /api/posts/:id": { params: onPublicPost, status: 403 },
    // v1 lets any signed-in user read any user's record: intended, not a leak.
    "GET /api/users/:id": { params: onVictim, status: 200 },
    "PUT /api/users/:id": { params: onVictim, body: { name: "Taken Over" }, status: 403 },
    "DELETE /api/users/:id": { params: onVictim, status: 403 },
    "PUT /api/users/:id/roles": { params: onVictim, body: { roles: ["GUEST"] }, status: 403 },
    "GET /api/v2/posts/:id/": { params: onPrivatePost, status: 404 },
    "PUT /api/v2/posts/:id/": { params: onPublicPost, body: validPost, status: 403 },
    "PATCH /api/v2/posts/:id/": { params: onPublicPost, body: { title: "Taken over" }, status: 403 },
    "DELETE /api/v2/posts/:id/": { params: onPublicPost, status: 403 },
    "GET /api/v2/posts/:postId/comments/": { params: onPrivatePost, status: 404 },
    "POST /api/v2/posts/:postId/comments/": { params: onPrivatePost, body: { content: "Sneaky" }, status: 404 },
    "GET /api/v2/posts/:postId/comments/:id/": { params: commentOnPrivate, status: 404 },
    "PUT /api/v2/posts/:postId/comments/:id/": {
      params: commentOnPublic,
      body: { content: "Taken over" },
      status: 403,
    },
    "PATCH /api/v2/posts/:postId/comments/:id/": {
      params: commentOnPublic,
      body: { content: "Taken over" },
      status: 403,
    },
    "DELETE /api/v2/posts/:postId/comments/:id/": { params: commentOnPublic, status: 403 },
    "GET /api/v2/notifications/:id/": { params: onNotification, status: 404 },
    "DELETE /api/v2/notifications/:id/": { params: onNotification, status: 404 },
    "GET /api/v2/users/:id/": { params: onVictim, status: 200 },
    "PUT /api/v2/users/:id/": {
      params: onVictim,
      body: { name: "Taken Over", email: "taken@example.com" },
      status: 403,
    },
    "PATCH /api/v2/users/:id/": { params: onVictim, body: { name: "Taken Over" }, status: 403 },
    "DELETE /api/v2/users/:id/": { params: onVictim, status: 403 },
    // Another user's sessions are the admins' to see and end.
    "GET /api/v2/admin/users/:id/sessions/": { params: onVictim, status: 403 },
    "GET /api/v2/admin/users/:id/comments/": { params: onVictim, status: 403 },
    "DELETE /api/v2/admin/users/:id/sessions/:sessionId/": {
      params: (f) => ({ id: f.victim.id, sessionId: unknownId }),
      status: 403,
    },
    // The outbox names recipients: the admins' to read and retry.
    "POST /api/v2/admin/mail/:id/retry/": { params: () => ({ id: unknownId }), status: 403 },
  };

  it("has an attempt for every route with an id", () => {
    const withIds = routes.filter((route) => route.path.includes("/:")).map((route) => route.line);
    expect(withIds.filter((line) => !ATTEMPTS[line])).toEqual([]);
  });

  it("refuses a signed-in stranger every other user's object, on every route with an id", async () => {
    const outcomes: Record<string, number> = {};
    for (const route of routes.filter((r) => ATTEMPTS[r.line])) {
      const attempt = ATTEMPTS[route.line]!;
      const res = await send(t.http, route.method, fillPath(route.path, attempt.params(f)), {
        cookie: f.stranger.cookie,
        body: attempt.body,
      });
      outcomes[route.line] = res.status;
    }
    const expected = Object.fromEntries(
      routes.filter((r) => ATTEMPTS[r.line]).map((r) => [r.line, ATTEMPTS[r.line]!.status]),
    );
    expect(outcomes).toEqual(expected);
  });

  it("serves the owner what it hides from the stranger, so a 404 above is the rule, not a missing object", async () => {
    for (const route of routes.filter((r) => r.method === "GET" && ATTEMPTS[r.line]?.status === 404)) {
      const res = await send(t.http, "GET", fillPath(route.path, ATTEMPTS[route.line]!.params(f)), {
        cookie: f.victim.cookie,
      });
      expect(res.status, route.line).toBe(200);
    }
  });

  it("leaves out the victim's private objects from every list, whatever the filter", async () => {
    const lists = [
      "/api/posts?limit=100",
      `/api/v2/posts/?author=${f.victim.id}&page_size=100`,
      "/api/v2/notifications/",
      "/api/v2/tags/",
    ];
    for (const path of lists) {
      const res = await t.http.get(path).set("Cookie", f.stranger.cookie);
      expect(res.status, path).toBe(200);
      for (const id of [f.privatePost.id, f.notification.id, f.commentOnPrivate.id])
        expect(res.text, path).not.toContain(id);
    }
  });

  it("ignores impersonatingUser from anyone but an admin", async () => {
    const res = await t.http
      .get("/api/profile")
      .query({ impersonatingUser: f.victim.id })
      .set("Cookie", f.stranger.cookie);
    expect(res.body.user.id).toBe(f.stranger.id);
    const write = await t.http
      .put(`/api/users/${f.victim.id}`)
      .query({ impersonatingUser: f.victim.id })
      .set("Cookie", f.stranger.cookie)
      .send({ name: "Taken Over" });
    expect(write.status).toBe(403);
  });

  it("leaves every row of the victim as it was", async () => {
    expect(await victimRows()).toEqual(before);
  });
});
