// OWASP API Security Top 10 (2023), one describe block per category, over the app's own route
// table (test/route-rules.ts classifies every route; a route it does not know fails API9).
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, METHODS, request as httpRequest } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Transport from "winston-transport";
import { createApp } from "../src/app.js";
import { createAuth } from "../src/auth/auth.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { mailOutbox } from "../src/db/schema.js";
import { createLogger } from "../src/logging/logger.js";
import { Mailer } from "../src/mail/mailer.js";
import { CHANGELOG_FILE } from "../tools/routes/changelog.js";
import { checkRoutes } from "../tools/routes/route-changes.js";
import { createPost, signIn, signUp, type TestUser, unknownId, useSecondApp } from "./factories.js";
import { useTestApp } from "./harness.js";
import { fillPath, isPublic, methodsOf, ROUTE_ACCESS, type Route, roleRoutes, servedRoutes } from "./route-rules.js";

const ALLOWED_ORIGIN = "http://app.example";
const DEV_ADMIN_KEY = "owasp-dev-admin-key-0123456789";
const PRODUCTION_SECRET = "a-production-secret-of-at-least-32-characters";

const t = useTestApp({ CORS_ORIGINS: ALLOWED_ORIGIN });
const development = useSecondApp(t, { NODE_ENV: "development", DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY });
const production = useSecondApp(t, {
  NODE_ENV: "production",
  BETTER_AUTH_SECRET: PRODUCTION_SECRET,
  DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY,
  RATE_LIMIT_ENABLED: "false",
});
const testModeWithKey = useSecondApp(t, { DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY });
// Clients behind a proxy on loopback and a second one in 10.0.0.0/8: X-Forwarded-For names them.
const limited = useSecondApp(t, {
  RATE_LIMIT_ENABLED: "true",
  RATE_LIMIT_AUTH: "3",
  RATE_LIMIT_GLOBAL: "1000",
  TRUST_PROXY: "loopback, 10.0.0.0/8",
});
const limitedGlobally = useSecondApp(t, {
  RATE_LIMIT_ENABLED: "true",
  RATE_LIMIT_GLOBAL: "5",
  TRUST_PROXY: "loopback",
});

type Http = ReturnType<typeof supertest>;
type Method = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

interface SendOptions {
  cookie?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

function send(http: Http, method: string, path: string, options: SendOptions = {}) {
  let request = http[method.toLowerCase() as Method](path);
  if (options.cookie) request = request.set("Cookie", options.cookie);
  for (const [name, value] of Object.entries(options.headers ?? {})) request = request.set(name, value);
  if (options.query) request = request.query(options.query);
  if (options.body !== undefined) request = request.send(options.body as object);
  return request;
}

const NO_SESSION = [401];
const FORBIDDEN = [403];
const validPost = { title: "A valid title", content: "Content long enough to pass." };

/** One request with any method name (supertest knows only the common ones). */
async function rawRequest(port: number, method: string, path: string, headers: Record<string, string>) {
  const req = httpRequest({ host: "127.0.0.1", port, method, path, headers });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  let body = "";
  for await (const chunk of res) body += String(chunk);
  return { status: res.statusCode ?? 0, contentType: res.headers["content-type"] ?? "", body };
}

let routes: Route[];
beforeAll(() => {
  routes = servedRoutes(t);
});

/** Rows of a table as the database holds them, to compare before and after an attack. */
async function rowsOf(
  table: "users" | "posts" | "comments" | "notifications" | "accounts" | "sessions" | "mail_outbox",
  column: string,
  ids: string[],
) {
  const values = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await t.database.db.execute(
    sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} in (${values}) order by id`,
  );
  return (result as { rows: Record<string, unknown>[] }).rows;
}

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

describe("API2:2023 Broken Authentication", () => {
  const sessionRoutes = () => routes.filter((route) => route.access && !isPublic(route));

  /** Every non-public route, every method, with this cookie: the statuses that are not 401. */
  async function notRefused(http: Http, cookie: string | undefined, query?: Record<string, string>) {
    const accepted: string[] = [];
    for (const route of sessionRoutes()) {
      const res = await send(http, route.method, fillPath(route.path), { cookie, query });
      if (!NO_SESSION.includes(res.status)) accepted.push(`${route.line} -> ${res.status}`);
    }
    return accepted;
  }

  const tamper = (cookie: string) => cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");

  it("answers 401 on every session and role route without a cookie", async () => {
    expect(await notRefused(t.http, undefined)).toEqual([]);
  });

  it("answers 401 to forged cookies: made up, re-signed, unsigned", async () => {
    const user = await signUp(t);
    const token = String((await rowsOf("sessions", "user_id", [user.id]))[0]!.token);
    for (const cookie of [
      "auth.session_token=forged.forged",
      `auth.session_token=${randomUUID()}`,
      tamper(user.cookie),
      `auth.session_token=${token}`,
      user.cookie.replace("auth.session_token", "auth.session_tokens"),
    ]) {
      expect(await notRefused(t.http, cookie), cookie).toEqual([]);
    }
  });

  it("answers 401 to an expired session, a signed-out one and a deleted user's", async () => {
    const expired = await signUp(t);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${expired.id}`,
    );
    const signedOut = await signUp(t);
    const out = await t.http.post("/api/auth/sign-out").set("Cookie", signedOut.cookie).set("Origin", t.config.authUrl);
    expect(out.status).toBe(200);
    const deleted = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    expect((await t.http.delete(`/api/users/${deleted.id}`).set("Cookie", admin.cookie)).status).toBe(204);
    for (const user of [expired, signedOut, deleted]) expect(await notRefused(t.http, user.cookie)).toEqual([]);
  });

  it("treats a forged cookie on a public route as no session at all", async () => {
    const author = await signUp(t);
    const hidden = await createPost(t, author, { visibility: "private" });
    const res = await t.http.get("/api/posts?limit=100").set("Cookie", tamper(author.cookie));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(hidden.id);
  });

  describe("the development adminKey", () => {
    const adminRoutes = () =>
      roleRoutes(routes).filter((route) => route.access?.kind === "roles" && route.access.roles.includes("ADMIN"));

    it("elevates nobody without a session: 401 on every admin route, even in development", async () => {
      expect(await notRefused(development.http, undefined, { adminKey: DEV_ADMIN_KEY })).toEqual([]);
    });

    it("is ignored in production and in test mode: a USER with the key gets 403 on every admin route", async () => {
      for (const app of [production, testModeWithKey]) {
        const user = await signUp(t);
        const cookie = await signIn(app.http, user);
        for (const route of adminRoutes()) {
          const res = await send(app.http, route.method, fillPath(route.path), {
            cookie,
            query: { adminKey: DEV_ADMIN_KEY },
          });
          expect(res.status, `${app.config.env} ${route.line}`).toBe(403);
        }
      }
    });

    it("refuses a wrong key in development, and works with the right one (so the refusals above mean something)", async () => {
      const user = await signUp(t);
      for (const route of adminRoutes()) {
        const path = fillPath(route.path);
        const wrong = await send(development.http, route.method, path, {
          cookie: user.cookie,
          query: { adminKey: `${DEV_ADMIN_KEY}x` },
        });
        expect(wrong.status, route.line).toBe(403);
        const right = await send(development.http, route.method, path, {
          cookie: user.cookie,
          query: { adminKey: DEV_ADMIN_KEY },
        });
        expect([401, 403], route.line).not.toContain(right.status);
      }
    });
  });

  describe("cross-site request forgery", () => {
    it("is refused by better-auth's origin check on its own endpoints", async () => {
      const user = await signUp(t);
      for (const origin of ["http://evil.example", "null"]) {
        const res = await t.http.post("/api/auth/sign-out").set("Cookie", user.cookie).set("Origin", origin);
        expect(res.status, origin).toBe(403);
      }
      expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
    });

    it("refuses a write on the service's own routes from an untrusted Origin, in each version's error shape", async () => {
      const user = await signUp(t);
      const post = await createPost(t, user);
      for (const origin of ["https://evil.example", "null", `${ALLOWED_ORIGIN}.evil.example`]) {
        const v1 = await t.http.post("/api/posts").set("Cookie", user.cookie).set("Origin", origin).send(validPost);
        expect(v1.status, origin).toBe(403);
        expect(v1.body).toEqual({
          error: "Cross-site requests may not change anything here",
          code: "cross_site_request",
        });
        const deleted = await t.http.delete(`/api/posts/${post.id}`).set("Cookie", user.cookie).set("Origin", origin);
        expect(deleted.status, origin).toBe(403);
        const v2 = await t.http
          .patch(`/api/v2/posts/${post.id}/`)
          .set("Cookie", user.cookie)
          .set("Origin", origin)
          .send({ title: "Taken over" });
        expect(v2.status, origin).toBe(403);
        expect(v2.body).toEqual({ detail: "Cross-site requests may not change anything here" });
      }
      expect((await t.http.get(`/api/posts/${post.id}`)).body.post.title).toBe(post.title);
      expect((await t.http.get(`/api/v2/posts/?author=${user.id}`)).body.count).toBe(1);
    });

    it("refuses a write that the browser marks Sec-Fetch-Site: cross-site, from an untrusted or no Origin", async () => {
      const user = await signUp(t);
      const refused: Record<string, string>[] = [
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site", Origin: "https://other.example" },
      ];
      for (const headers of refused) {
        const res = await send(t.http, "POST", "/api/posts", { cookie: user.cookie, headers, body: validPost });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body.code).toBe("cross_site_request");
      }
      expect((await t.http.get(`/api/v2/posts/?author=${user.id}`)).body.count).toBe(0);
    });

    it("lets through writes without those headers (curl, servers), same-origin ones, trusted origins, and every read", async () => {
      const user = await signUp(t);
      const passing: Record<string, string>[] = [
        {},
        { "Sec-Fetch-Site": "same-origin" },
        { "Sec-Fetch-Site": "same-origin", Origin: t.config.authUrl },
        { "Sec-Fetch-Site": "none" },
        { "Sec-Fetch-Site": "same-site", Origin: ALLOWED_ORIGIN },
        { "Sec-Fetch-Site": "cross-site", Origin: ALLOWED_ORIGIN },
        { Origin: t.config.authUrl },
      ];
      for (const headers of passing) {
        const res = await send(t.http, "POST", "/api/posts", { cookie: user.cookie, headers, body: validPost });
        expect(res.status, JSON.stringify(headers)).toBe(201);
      }
      const read = await t.http
        .get("/api/profile")
        .set("Cookie", user.cookie)
        .set("Origin", "https://evil.example")
        .set("Sec-Fetch-Site", "cross-site");
      expect(read.status).toBe(200);
    });

    it("cannot write through the service's routes with a form: only a JSON body is read", async () => {
      const user = await signUp(t);
      for (const contentType of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
      ]) {
        const res = await t.http
          .post("/api/posts")
          .set("Cookie", user.cookie)
          .set("Content-Type", contentType)
          .send(JSON.stringify(validPost));
        expect(res.status, contentType).toBe(400);
      }
      const mine = await t.http.get(`/api/v2/posts/?author=${user.id}`);
      expect(mine.body.count).toBe(0);
    });
  });
});

describe("API3:2023 Broken Object Property Level Authorization", () => {
  const INJECTED = {
    id: unknownId,
    authorId: unknownId,
    userId: unknownId,
    postId: unknownId,
    status: "hidden",
    roles: ["ADMIN"],
    role: "ADMIN",
    isAdmin: true,
    emailVerified: true,
    createdAt: "2000-01-01T00:00:00.000Z",
    updatedAt: "2000-01-01T00:00:00.000Z",
  };
  // JSON.parse makes "__proto__" an own property; a merge that copies it would reach Object.prototype.
  const PROTOTYPE_KEYS = '"__proto__":{"roles":["ADMIN"],"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}';
  const withPrototypeKeys = (body: object) => `{${PROTOTYPE_KEYS},${JSON.stringify(body).slice(1)}`;

  const USER_KEYS = ["createdAt", "email", "id", "name", "roles", "updatedAt"];
  const POST_KEYS = ["authorId", "content", "createdAt", "id", "status", "tags", "title", "updatedAt", "visibility"];

  function expectServiceOwnedPost(post: Record<string, unknown>, author: TestUser) {
    expect(Object.keys(post).sort()).toEqual(POST_KEYS);
    expect(post.authorId).toBe(author.id);
    expect(post.status).toBe("visible");
    expect(post.id).not.toBe(unknownId);
    expect(post.createdAt).not.toBe(INJECTED.createdAt);
  }

  async function expectRoles(user: TestUser, roles: string[]) {
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual(roles);
    expect((await t.http.get("/api/users").set("Cookie", user.cookie)).status).toBe(403);
  }

  afterAll(() => {
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).roles).toBeUndefined();
  });

  // Every route that takes a body: the test that covers it below.
  const COVERED = {
    "POST /api/posts": "posts",
    "PUT /api/posts/:id": "posts",
    "POST /api/v2/posts/": "posts",
    "PUT /api/v2/posts/:id/": "posts",
    "PATCH /api/v2/posts/:id/": "posts",
    "POST /api/users": "users",
    "POST /api/v2/users/": "users",
    "PUT /api/users/:id": "users",
    "PUT /api/v2/users/:id/": "users",
    "PATCH /api/v2/users/:id/": "users",
    "ALL /api/auth/*": "better-auth",
    "PUT /api/users/:id/roles": "roles",
    "POST /api/v2/posts/:postId/comments/": "comments",
    "PUT /api/v2/posts/:postId/comments/:id/": "comments",
    "PATCH /api/v2/posts/:postId/comments/:id/": "comments",
    "POST /api/moderate": "moderation",
    "POST /api/v2/notifications/": "notifications",
    "POST /api/v2/admin/mail/:id/retry/": "mail retry",
  } as Record<string, string>;

  it("covers every route that takes a body", () => {
    const bodyRoutes = routes
      .filter((route) => ["POST", "PUT", "PATCH", "ALL"].includes(route.method))
      .map((route) => route.line);
    expect(bodyRoutes.filter((line) => !COVERED[line])).toEqual([]);
  });

  it("posts: authorId, id, status, createdAt and prototype keys in a body are ignored", async () => {
    const author = await signUp(t);
    const created = [
      await t.http
        .post("/api/posts")
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http
        .post("/api/v2/posts/")
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http.post("/api/posts").set("Cookie", author.cookie).type("json").send(withPrototypeKeys(validPost)),
    ];
    const posts = created.map((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.post ?? res.body) as Record<string, unknown>;
    });
    for (const post of posts) expectServiceOwnedPost(post, author);

    const [v1, v2] = posts as [{ id: string }, { id: string }];
    const updates = [
      await t.http
        .put(`/api/posts/${v1.id}`)
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http
        .put(`/api/v2/posts/${v2.id}/`)
        .set("Cookie", author.cookie)
        .send({ ...validPost, ...INJECTED }),
      await t.http
        .patch(`/api/v2/posts/${v2.id}/`)
        .set("Cookie", author.cookie)
        .send({ title: "Patched title", ...INJECTED }),
      await t.http
        .patch(`/api/v2/posts/${v2.id}/`)
        .set("Cookie", author.cookie)
        .type("json")
        .send(withPrototypeKeys({ title: "Patched again" })),
    ];
    for (const res of updates) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const post = (res.body.post ?? res.body) as Record<string, unknown>;
      expectServiceOwnedPost(post, author);
      expect([v1.id, v2.id]).toContain(post.id);
    }
  });

  it("users: roles, id, createdAt and prototype keys in a body are ignored, on every user route and better-auth's", async () => {
    const created = [
      await t.http
        .post("/api/users")
        .send({ name: "Mass Assigned", email: `ma-${randomUUID()}@example.com`, password: "long enough", ...INJECTED }),
      await t.http
        .post("/api/v2/users/")
        .send({ name: "Mass Assigned", email: `ma-${randomUUID()}@example.com`, password: "long enough", ...INJECTED }),
      await t.http
        .post("/api/auth/sign-up/email")
        .send({ name: "Mass Assigned", email: `ma-${randomUUID()}@example.com`, password: "long enough", ...INJECTED }),
      await t.http
        .post("/api/users")
        .type("json")
        .send(
          withPrototypeKeys({
            name: "Mass Assigned",
            email: `ma-${randomUUID()}@example.com`,
            password: "long enough",
          }),
        ),
    ];
    for (const res of created) {
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      const user = (res.body.user ?? res.body) as Record<string, unknown>;
      expect(user.roles).toEqual(["USER"]);
      expect(user.id).not.toBe(unknownId);
      expect(user.createdAt).not.toBe(INJECTED.createdAt);
    }

    const user = await signUp(t);
    const writes = [
      await t.http
        .put(`/api/users/${user.id}`)
        .set("Cookie", user.cookie)
        .send({ name: "Renamed", ...INJECTED }),
      await t.http
        .put(`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .send({ name: "Renamed", email: user.email, ...INJECTED }),
      await t.http
        .patch(`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .send({ name: "Renamed", ...INJECTED }),
      await t.http
        .patch(`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .type("json")
        .send(withPrototypeKeys({ name: "Renamed" })),
    ];
    for (const res of writes) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // v1 answers {user}; v2 the bare record its owner reads, with whether the address is verified.
      const body = (res.body.user ?? res.body) as Record<string, unknown>;
      const keys = res.body.user ? USER_KEYS : [...USER_KEYS, "emailVerified"].sort();
      expect(Object.keys(body).sort()).toEqual(keys);
      expect(body.id).toBe(user.id);
    }
    const updateUser = await t.http
      .post("/api/auth/update-user")
      .set("Cookie", user.cookie)
      .set("Origin", t.config.authUrl)
      .send({ name: "Renamed", roles: ["ADMIN"], emailVerified: true, email: "other@example.com" });
    expect(updateUser.status).toBe(400);
    await expectRoles(user, ["USER"]);
  });

  it("roles: only the roles route sets them, with known and distinct values only", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    for (const roles of [
      ["SUPERUSER"],
      ["ADMIN", "ADMIN"],
      [],
      ["USER", "GUEST", "MODERATOR", "ADMIN", "USER"],
      "ADMIN",
      [{ role: "ADMIN" }],
    ]) {
      const res = await t.http.put(`/api/users/${user.id}/roles`).set("Cookie", admin.cookie).send({ roles });
      expect(res.status, JSON.stringify(roles)).toBe(400);
    }
    const proto = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .type("json")
      .send(`{${PROTOTYPE_KEYS},"roles":["GUEST"]}`);
    expect(proto.status).toBe(200);
    expect(proto.body.user.roles).toEqual(["GUEST"]);
  });

  it("comments: postId, authorId, id and createdAt in a body are ignored", async () => {
    const author = await signUp(t);
    const post = await createPost(t, author);
    const other = await createPost(t, author);
    const res = await t.http
      .post(`/api/v2/posts/${post.id}/comments/`)
      .set("Cookie", author.cookie)
      .send({ content: "Hello", ...INJECTED, postId: other.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postId: post.id, authorId: author.id, content: "Hello" });
    expect(res.body.id).not.toBe(unknownId);
    for (const method of ["put", "patch"] as const) {
      const edit = await t.http[method](`/api/v2/posts/${post.id}/comments/${res.body.id}/`)
        .set("Cookie", author.cookie)
        .type("json")
        .send(
          withPrototypeKeys({
            content: "Edited",
            postId: other.id,
            authorId: unknownId,
            createdAt: INJECTED.createdAt,
          }),
        );
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({
        id: res.body.id,
        postId: post.id,
        authorId: author.id,
        createdAt: res.body.createdAt,
      });
    }
  });

  it("moderation and notifications: a body cannot pick the actor or the notification's kind", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const author = await signUp(t);
    const post = await createPost(t, author);
    const moderated = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .type("json")
      .send(withPrototypeKeys({ postId: post.id, action: "hide", moderatorId: admin.id, actorId: admin.id }));
    expect(moderated.status).toBe(200);
    const audit = await t.http.get("/api/admin/audit?limit=5").set("Cookie", admin.cookie);
    expect(audit.body.entries[0]).toMatchObject({ action: "post.moderate", actorId: moderator.id, targetId: post.id });

    const sent = await t.http.post("/api/v2/notifications/").set("Cookie", admin.cookie).send({
      userId: author.id,
      message: "Hi",
      type: "roles",
      postId: post.id,
      id: unknownId,
      createdAt: INJECTED.createdAt,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.id).not.toBe(unknownId);
    expect(sent.body.createdAt).not.toBe(INJECTED.createdAt);
    const [row] = await rowsOf("notifications", "id", [sent.body.id]);
    expect(row).toMatchObject({ type: "admin", post_id: null });
  });

  it("mail retry: a body cannot change the message's recipient, status or attempts", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const [failed] = await t.database.db
      .insert(mailOutbox)
      .values({
        kind: "verify-email",
        recipient: "kept@example.com",
        messageId: `<${randomUUID()}@posts.test>`,
        payload: "sealed",
        status: "failed",
        attempts: 2,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning({ id: mailOutbox.id });
    const retried = await t.http
      .post(`/api/v2/admin/mail/${failed!.id}/retry/`)
      .set("Cookie", admin.cookie)
      .type("json")
      .send(withPrototypeKeys({ recipient: "attacker@example.com", status: "sent", attempts: 0, payload: "x" }));
    expect(retried.status).toBe(204);
    const [row] = await rowsOf("mail_outbox", "id", [failed!.id]);
    expect(row).toMatchObject({ recipient: "kept@example.com", status: "pending", attempts: 2, payload: "sealed" });
  });

  it("answers users and posts with their public fields only, never a hash or a token", async () => {
    const user = await signUp(t);
    const post = await createPost(t, user);
    for (const path of [`/api/users/${user.id}`, "/api/profile"]) {
      const res = await t.http.get(path).set("Cookie", user.cookie);
      expect(Object.keys(res.body.user).sort(), path).toEqual(USER_KEYS);
    }
    const own = await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie);
    expect(Object.keys(own.body).sort()).toEqual([...USER_KEYS, "emailVerified"].sort());
    for (const path of [`/api/posts/${post.id}`, `/api/v2/posts/${post.id}/`]) {
      const res = await t.http.get(path);
      expect(Object.keys(res.body.post ?? res.body).sort(), path).toEqual(POST_KEYS);
    }
    const session = await t.http.get("/api/auth/get-session").set("Cookie", user.cookie);
    expect(JSON.stringify(session.body)).not.toMatch(/password|sha256:/i);
  });
});

describe("API4:2023 Unrestricted Resource Consumption", () => {
  const bodyOf = (bytes: number) => JSON.stringify({ title: "x".repeat(bytes - 12) });

  it("refuses a body over 100 kB with 413 on every route that reads one, before authentication", async () => {
    const user = await signUp(t);
    for (const route of routes.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method))) {
      for (const cookie of [undefined, user.cookie]) {
        const res = await send(t.http, route.method, fillPath(route.path), {
          cookie,
          body: bodyOf(100 * 1024 + 1),
          headers: { "Content-Type": "application/json" },
        });
        expect(res.status, route.line).toBe(413);
        expect(res.body.code, route.line).toBe("payload_too_large");
      }
    }
  });

  it("refuses a body over 1 MB on better-auth's endpoints, which read bodies whole", async () => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email"]) {
      const res = await t.http
        .post(path)
        .set("Content-Type", "application/json")
        .send(JSON.stringify({ email: "big@example.com", password: "p".repeat(1024 * 1024) }));
      expect(res.status, path).toBe(413);
      expect(res.body).toEqual({ error: "Request body exceeds the 1 MB limit", code: "payload_too_large" });
    }
  });

  it("bounds every array and string a body may carry", async () => {
    const user = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, user);
    const tooMany = { ...validPost, tags: ["a", "b", "c", "d", "e", "f"] };
    const tooLong = { ...validPost, tags: ["t".repeat(51)] };
    for (const body of [
      tooMany,
      tooLong,
      { ...validPost, title: "t".repeat(201) },
      { ...validPost, content: "c".repeat(50_001) },
    ]) {
      expect((await t.http.post("/api/posts").set("Cookie", user.cookie).send(body)).status).toBe(400);
      expect((await t.http.post("/api/v2/posts/").set("Cookie", user.cookie).send(body)).status).toBe(400);
      expect((await t.http.put(`/api/posts/${post.id}`).set("Cookie", user.cookie).send(body)).status).toBe(400);
    }
    const roles = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER", "GUEST", "MODERATOR", "ADMIN", "USER"] });
    expect(roles.status).toBe(400);
    const comment = await t.http
      .post(`/api/v2/posts/${post.id}/comments/`)
      .set("Cookie", user.cookie)
      .send({ content: "c".repeat(2001) });
    expect(comment.status).toBe(400);
    const notification = await t.http
      .post("/api/v2/notifications/")
      .set("Cookie", admin.cookie)
      .send({ userId: user.id, message: "m".repeat(1001) });
    expect(notification.status).toBe(400);
  });

  it("caps the user fields better-auth writes: image a URL of at most 2,048 characters, name as on /api/users, email at most 254", async () => {
    /** A unique, valid address of exactly `length` characters. */
    const emailOfLength = (length: number) => {
      const local = `u${randomUUID().slice(0, 8)}`;
      let remaining = length - local.length - 1 - ".com".length;
      const labels: string[] = [];
      for (; remaining > 61; remaining -= 61) labels.push("d".repeat(60));
      labels.push("d".repeat(remaining));
      return `${local}@${labels.join(".")}.com`;
    };
    const url = (length: number) => `https://img.example/${"p".repeat(length - "https://img.example/".length)}`;
    const signUpWith = (fields: Record<string, unknown>) =>
      t.http
        .post("/api/auth/sign-up/email")
        .send({ name: "Capped User", email: emailOfLength(40), password: "long enough password", ...fields });
    const refusals: [Record<string, unknown>, string][] = [
      [{ email: emailOfLength(255) }, "INVALID_EMAIL"],
      [{ image: url(2_049) }, "INVALID_IMAGE"],
      [{ image: "javascript:alert(1)" }, "INVALID_IMAGE"],
      [{ image: `data:image/png;base64,${"A".repeat(100)}` }, "INVALID_IMAGE"],
      [{ name: "n".repeat(101) }, "INVALID_NAME"],
      [{ name: "   " }, "INVALID_NAME"],
    ];
    for (const [fields, code] of refusals) {
      const res = await signUpWith(fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ code, message: expect.stringMatching(/^Invalid (email|image|name): /) });
    }
    expect((await signUpWith({ email: emailOfLength(254), image: url(2_048), name: "n".repeat(100) })).status).toBe(
      200,
    );

    const user = await signUp(t);
    const update = (fields: Record<string, unknown>) =>
      t.http.post("/api/auth/update-user").set("Cookie", user.cookie).set("Origin", t.config.authUrl).send(fields);
    expect((await update({ image: url(2_048) })).status).toBe(200);
    for (const fields of [
      { image: url(900_000) },
      { image: url(2_049) },
      { image: "ftp://img.example/a.png" },
      { name: "n".repeat(101) },
    ]) {
      const res = await update(fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.body.code).toMatch(/^INVALID_(IMAGE|NAME)$/);
    }
    const [stored] = await rowsOf("users", "id", [user.id]);
    expect({ image: stored!.image, name: stored!.name }).toEqual({ image: url(2_048), name: user.name });
    expect((await update({ image: null })).status).toBe(200);
  });

  it("caps every page: v1 refuses a limit over 100, v2 serves at most 100", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const author = await signUp(t);
    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(Array.from({ length: 10 }, () => createPost(t, author)));
      await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
    }
    for (const path of ["/api/users", "/api/admin/users", "/api/posts", "/api/admin/audit"]) {
      for (const query of ["limit=101", "limit=1000000", "limit=-1", "offset=-1", "limit=1e3"]) {
        const res = await t.http.get(`${path}?${query}`).set("Cookie", admin.cookie);
        expect(res.status, `${path}?${query}`).toBe(400);
      }
      const huge = await t.http.get(`${path}?offset=999999999999`).set("Cookie", admin.cookie);
      expect([200, 400], path).toContain(huge.status);
    }
    const posts = await t.http.get("/api/v2/posts/?page_size=100000").set("Cookie", admin.cookie);
    expect(posts.body.results).toHaveLength(100);
    const users = await t.http.get("/api/v2/users/?limit=100000").set("Cookie", admin.cookie);
    expect(users.body.results).toHaveLength(100);
    expect(new URL(users.body.next).searchParams.get("limit")).toBe("100");
    const comments = await t.http.get(`/api/v2/posts/${(await createPost(t, author)).id}/comments/?page_size=1000`);
    expect(comments.body.results.length).toBeLessThanOrEqual(10);
  });

  describe("rate limits", () => {
    const from = (client: string) => ({ "X-Forwarded-For": client });
    const newUser = () => ({
      name: "Rate Limited",
      email: `rl-${randomUUID()}@example.com`,
      password: "long enough password",
    });

    it("count sign-in, sign-up, user creation (v1 and v2) and password change against one budget per client", async () => {
      const user = await signUp(t);
      const cookie = await signIn(t.http, user);
      const attempts: Record<string, (client: string) => ReturnType<typeof send>> = {
        "sign-in": (client) =>
          limited.http
            .post("/api/auth/sign-in/email")
            .set(from(client))
            .send({ email: user.email, password: "wrong password" }),
        "sign-up": (client) => limited.http.post("/api/auth/sign-up/email").set(from(client)).send(newUser()),
        "POST /api/users": (client) => limited.http.post("/api/users").set(from(client)).send(newUser()),
        "POST /api/v2/users/": (client) => limited.http.post("/api/v2/users/").set(from(client)).send(newUser()),
        "change-password": (client) =>
          limited.http
            .post("/api/auth/change-password")
            .set(from(client))
            .set("Cookie", cookie)
            .set("Origin", t.config.authUrl)
            .send({ currentPassword: "wrong password", newPassword: "another password" }),
      };
      // Each route alone: the 4th request of one client in a minute is refused.
      let client = 10;
      for (const [name, attempt] of Object.entries(attempts)) {
        const address = `198.51.100.${client++}`;
        for (let i = 0; i < 3; i++) expect((await attempt(address)).status, name).not.toBe(429);
        const refused = await attempt(address);
        expect(refused.status, name).toBe(429);
        expect(refused.body).toMatchObject({ code: "rate_limited" });
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      }
      // Together: one client's requests to different routes draw on the same budget.
      const statuses = [];
      for (const attempt of Object.values(attempts)) statuses.push((await attempt("198.51.100.50")).status);
      expect(statuses.map((status) => status === 429)).toEqual([false, false, false, true, true]);
    });

    it("count each client once: clients behind a proxy chain each keep their own sign-in budget", async () => {
      // better-auth's own limiter, when it was on, read the first X-Forwarded-For entry, which the
      // client writes, and put every request whose header it could not trust in one shared bucket:
      // the 4th client behind a two-hop chain was refused though it had never signed in.
      const user = await signUp(t);
      for (let i = 1; i <= 6; i++) {
        const res = await limited.http
          .post("/api/auth/sign-in/email")
          .set("X-Forwarded-For", `203.0.113.${i}, 10.0.0.1`)
          .send({ email: user.email, password: user.password });
        expect(res.status, `client ${i}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    });

    it("limit every other route globally, in JSON, with Retry-After", async () => {
      for (let i = 0; i < 5; i++) await limitedGlobally.http.get("/api/posts").set(from("198.51.100.99"));
      for (const path of ["/api/posts", "/api/v2/posts/", "/api/nothing", "/api/auth/get-session"]) {
        const res = await limitedGlobally.http.get(path).set(from("198.51.100.99"));
        expect(res.status, path).toBe(429);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.headers["retry-after"]).toBeDefined();
      }
    });
  });
});

describe("API5:2023 Broken Function Level Authorization", () => {
  const users: Partial<Record<"GUEST" | "USER" | "MODERATOR" | "ADMIN", TestUser>> = {};
  beforeAll(async () => {
    for (const role of ["GUEST", "USER", "MODERATOR", "ADMIN"] as const)
      users[role] = await signUp(t, { roles: [role] });
  });

  const VALID_BODIES: Record<string, unknown> = {
    "PUT /api/users/:id/roles": { roles: ["USER"] },
    "POST /api/moderate": { postId: unknownId, action: "hide" },
    "POST /api/v2/notifications/": { userId: unknownId, message: "Hello" },
  };

  it("answers 401 anonymously and 403 to every role below the route's, on every role route", async () => {
    const outcomes: string[] = [];
    for (const route of roleRoutes(routes)) {
      const allowed = route.access?.kind === "roles" ? route.access.roles : [];
      const body = VALID_BODIES[route.line];
      const anonymous = await send(t.http, route.method, fillPath(route.path), { body });
      if (anonymous.status !== 401) outcomes.push(`${route.line} anonymous -> ${anonymous.status}`);
      for (const role of ["GUEST", "USER", "MODERATOR"] as const) {
        if (allowed.includes(role)) continue;
        const res = await send(t.http, route.method, fillPath(route.path), { cookie: users[role]!.cookie, body });
        if (!FORBIDDEN.includes(res.status)) outcomes.push(`${route.line} ${role} -> ${res.status}`);
        expect(res.body.error ?? res.body.detail).toMatch(/Insufficient role|permission/);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it("lets every allowed role through each role route (so the refusals above are the rule)", async () => {
    for (const route of roleRoutes(routes)) {
      const allowed = route.access?.kind === "roles" ? route.access.roles : [];
      for (const role of allowed) {
        const res = await send(t.http, route.method, fillPath(route.path), {
          cookie: users[role as "ADMIN"]!.cookie,
          body: VALID_BODIES[route.line],
        });
        expect([401, 403], `${route.line} as ${role}`).not.toContain(res.status);
      }
    }
  });

  it("lets a GUEST read what a signed-in user reads, but not write posts or comments; its own it may delete", async () => {
    const guest = await signUp(t);
    const own = await createPost(t, guest, { visibility: "private" });
    const comment = await t.http
      .post(`/api/v2/posts/${own.id}/comments/`)
      .set("Cookie", guest.cookie)
      .send({ content: "Before demotion" });
    expect(comment.status).toBe(201);
    await t.http
      .put(`/api/users/${guest.id}/roles`)
      .set("Cookie", users.ADMIN!.cookie)
      .send({ roles: ["GUEST"] });
    const other = await createPost(t, users.USER!);
    for (const path of [
      "/api/profile",
      `/api/posts/${own.id}`,
      `/api/v2/posts/${own.id}/`,
      `/api/v2/posts/${other.id}/comments/`,
      `/api/users/${users.USER!.id}`,
    ]) {
      expect((await t.http.get(path).set("Cookie", guest.cookie)).status, path).toBe(200);
    }
    const writes = [
      t.http.post("/api/posts").send(validPost),
      t.http.put(`/api/posts/${own.id}`).send(validPost),
      t.http.post("/api/v2/posts/").send(validPost),
      t.http.patch(`/api/v2/posts/${own.id}/`).send({ title: "Edited by a guest" }),
      t.http.post(`/api/v2/posts/${other.id}/comments/`).send({ content: "A guest's comment" }),
      t.http.patch(`/api/v2/posts/${own.id}/comments/${comment.body.id}/`).send({ content: "Edited" }),
    ];
    for (const write of writes) expect((await write.set("Cookie", guest.cookie)).status).toBe(403);
    expect(
      (await t.http.delete(`/api/v2/posts/${own.id}/comments/${comment.body.id}/`).set("Cookie", guest.cookie)).status,
    ).toBe(204);
    expect((await t.http.delete(`/api/posts/${own.id}`).set("Cookie", guest.cookie)).status).toBe(200);
  });

  it("keeps a demoted user out from the next request on", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const demoted = await signUp(t, { roles: ["ADMIN"] });
    expect((await t.http.get("/api/users").set("Cookie", demoted.cookie)).status).toBe(200);
    expect(
      (
        await t.http
          .put(`/api/users/${demoted.id}/roles`)
          .set("Cookie", admin.cookie)
          .send({ roles: ["USER"] })
      ).status,
    ).toBe(200);
    expect((await t.http.get("/api/users").set("Cookie", demoted.cookie)).status).toBe(403);
  });

  it("does not let a method override header or a case change reach another function", async () => {
    const user = users.USER!;
    for (const header of ["X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"]) {
      const res = await t.http.get(`/api/users/${user.id}`).set("Cookie", user.cookie).set(header, "DELETE");
      expect(res.status).toBe(200);
    }
    expect((await t.http.get("/API/USERS").set("Cookie", user.cookie)).status).toBe(403);
    expect((await t.http.get("/api/users/").set("Cookie", user.cookie)).status).toBe(403);
  });
});

describe("API6:2023 Unrestricted Access to Sensitive Business Flows", () => {
  // The flows worth automating here are account creation (spam accounts), password guessing and
  // mass posting. The first two are limited per client at RATE_LIMIT_AUTH a minute (API4 tests
  // every credential route); posting and commenting fall under RATE_LIMIT_GLOBAL and need a session.
  // Moderation, role changes and notifications are role functions (API5).
  it("stops one client from creating accounts in bulk, whichever of the three doors it uses", async () => {
    const client = "198.51.100.200";
    const statuses: number[] = [];
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/users",
      "/api/v2/users/",
      "/api/users",
      "/api/auth/sign-up/email",
    ]) {
      const res = await limited.http
        .post(path)
        .set("X-Forwarded-For", client)
        .send({ name: "Bulk Account", email: `bulk-${randomUUID()}@example.com`, password: "long enough password" });
      statuses.push(res.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("needs a session to post or comment, so mass posting is tied to an account", async () => {
    const post = await createPost(t, await signUp(t));
    expect((await t.http.post("/api/posts").send(validPost)).status).toBe(401);
    expect((await t.http.post(`/api/v2/posts/${post.id}/comments/`).send({ content: "spam" })).status).toBe(401);
  });
});

describe("API7:2023 Server Side Request Forgery", () => {
  // The service fetches no URL: no webhook, no avatar download, no link preview, and better-auth's
  // social providers (which call out) are not configured. A URL a client stores is only stored.
  it("stores a URL a client gives (better-auth's user image) without ever requesting it", async () => {
    let hits = 0;
    const target = createHttpServer((_req, res) => {
      hits++;
      res.end();
    }).listen(0, "127.0.0.1");
    await once(target, "listening");
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/internal`;
    try {
      const user = await signUp(t);
      const res = await t.http
        .post("/api/auth/update-user")
        .set("Cookie", user.cookie)
        .set("Origin", t.config.authUrl)
        .send({ image: url });
      expect(res.status).toBe(200);
      await t.http.get("/api/auth/get-session").set("Cookie", user.cookie);
      await t.http.get("/api/profile").set("Cookie", user.cookie);
      const post = await t.http
        .post("/api/posts")
        .set("Cookie", user.cookie)
        .send({ ...validPost, content: `See ${url} for more` });
      expect(post.status).toBe(201);
      expect(hits).toBe(0);
    } finally {
      target.close();
    }
  });

  it("does not follow a callback URL to another origin", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/sign-in/email")
      .send({ email: user.email, password: user.password, callbackURL: "http://169.254.169.254/latest" });
    expect(res.status).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it("serves none of better-auth's outward flows: social sign-in, OAuth callbacks, account linking", async () => {
    for (const [method, path] of [
      ["POST", "/api/auth/sign-in/social"],
      ["GET", "/api/auth/callback/github"],
      ["POST", "/api/auth/link-social"],
      ["POST", "/api/auth/refresh-token"],
    ] as const) {
      const res = await send(t.http, method, path, { body: method === "POST" ? { provider: "github" } : undefined });
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe("not_found");
    }
  });
});

/** An app whose database accepts connections and drops them at once: every query fails, without a SQLSTATE. */
function useUnreachableDatabaseApp() {
  const context = {} as { http: Http; logs: Record<string, unknown>[]; logText(): string };
  let dropper: TcpServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dropper = createTcpServer((socket) => socket.destroy()).listen(0, "127.0.0.1");
    await once(dropper, "listening");
    const url = `postgres://postgres@127.0.0.1:${(dropper.address() as AddressInfo).port}/nowhere`;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "debug",
      DATABASE_URL: url,
      DATABASE_CONNECT_TIMEOUT_MS: "500",
    });
    const logs: Record<string, unknown>[] = [];
    const transport = new (class extends Transport {
      override log(info: Record<string, unknown>, next: () => void) {
        logs.push(info);
        next();
      }
    })();
    const logger = createLogger(config, transport);
    const database = await openDatabase({ url, poolMax: 2, connectionTimeoutMillis: 500, queryTimeoutMillis: 1000 });
    const mailer = new Mailer({ config, db: database.db, logger });
    const auth = createAuth({ config, db: database.db, logger, mailer });
    const server = createApp({ config, database, auth, logger, mailer }).listen(0, "127.0.0.1");
    await once(server, "listening");
    close = async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      dropper.close();
    };
    Object.assign(context, {
      http: supertest(server),
      logs,
      logText: () => logs.map((entry) => JSON.stringify(entry)).join("\n"),
    });
  });
  afterAll(() => close?.());
  return context;
}

describe("API8:2023 Security Misconfiguration", () => {
  const unreachable = useUnreachableDatabaseApp();

  it("sends the security headers and a JSON body on every route, whatever the answer", async () => {
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const res = await send(t.http, method, fillPath(route.path), {
          body: method === "GET" || method === "DELETE" ? undefined : {},
        });
        const where = `${method} ${route.path} -> ${res.status}`;
        expect(res.headers["x-content-type-options"], where).toBe("nosniff");
        expect(res.headers, where).not.toHaveProperty("x-powered-by");
        // The reference page and its files are the API's only documents (see src/openapi/openapi.test.ts).
        if (route.path.startsWith("/api/docs")) continue;
        expect(res.headers["cache-control"], where).toBe("no-store");
        if (res.status !== 204) expect(res.headers["content-type"], where).toMatch(/^application\/json/);
        // The probe carries no data and sends only the two above (README, Operations).
        if (method === "GET" && route.path === "/health") continue;
        expect(res.headers["content-security-policy"], where).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers["x-frame-options"], where).toBe("DENY");
        expect(res.headers["x-request-id"], where).toBeDefined();
      }
    }
  });

  it("answers every HTTP method Node parses in JSON and never with a 5xx, better-auth's paths included", async () => {
    const user = await signUp(t);
    const { port } = t.server.address() as AddressInfo;
    // CONNECT never reaches the app (Node hands it to the server's "connect" event).
    const methods = fc.sample(fc.constantFrom(...METHODS.filter((method) => method !== "CONNECT")), 200);
    const paths = ["/api/auth/sign-in/email", "/api/auth/get-session", "/api/auth/sign-out", "/api/auth/unknown"];
    for (const method of new Set([...methods, "TRACE", "PROPFIND", "MKCOL", "PURGE"])) {
      for (const path of paths) {
        const call = `${method} ${path}`;
        const res = await rawRequest(port, method, path, { Cookie: user.cookie, Origin: t.config.authUrl });
        expect(res.status, call).toBeLessThan(500);
        if (method === "HEAD") continue;
        expect(res.contentType, call).toMatch(/^application\/json/);
        // OPTIONS is the CORS module's to answer.
        if (method === "OPTIONS") continue;
        expect(res.contentType, call).toMatch(/^application\/json/);
        const offered =
          (path.endsWith("get-session") && method === "GET") || (!path.endsWith("get-session") && method === "POST");
        if (!offered && !path.endsWith("unknown"))
          expect(JSON.parse(res.body), call).toEqual({
            error: "Endpoint not found",
            code: "not_found",
            endpoint: call,
          });
      }
    }
  });

  it("answers a path parameter that is not valid percent-encoding with 400, on every route with an id", async () => {
    for (const route of routes.filter((r) => r.path.includes("/:"))) {
      const res = await send(t.http, route.method, fillPath(route.path, {}, "%E3%87%"));
      expect(res.status, route.line).toBe(400);
      expect(res.text, route.line).toMatch(/Malformed percent-encoding in the URL/);
    }
  });

  describe("CORS", () => {
    it("gives the allowlisted origin credentials and the headers a browser app needs to read", async () => {
      const res = await t.http.get("/api/posts").set("Origin", ALLOWED_ORIGIN);
      expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN);
      expect(res.headers["access-control-allow-credentials"]).toBe("true");
      const exposed = String(res.headers["access-control-expose-headers"])
        .split(/,\s*/)
        .map((h) => h.toLowerCase());
      expect(exposed).toEqual(expect.arrayContaining(["retry-after", "x-request-id", "ratelimit", "ratelimit-policy"]));
    });

    it("gives any other origin no CORS header, on answers and errors alike", async () => {
      for (const origin of [
        "http://evil.example",
        "null",
        `${ALLOWED_ORIGIN}.evil.example`,
        ALLOWED_ORIGIN.toUpperCase(),
      ]) {
        for (const path of ["/api/posts", "/api/profile", "/api/nothing"]) {
          const res = await t.http.get(path).set("Origin", origin);
          expect(
            Object.keys(res.headers).filter((h) => h.startsWith("access-control-")),
            `${origin} ${path}`,
          ).toEqual([]);
        }
      }
    });

    it("refuses another origin's preflight in JSON, with no CORS header, on every route", async () => {
      for (const route of routes) {
        const res = await t.http
          .options(fillPath(route.path))
          .set("Origin", "http://evil.example")
          .set("Access-Control-Request-Method", methodsOf(route)[0]!)
          .set("Access-Control-Request-Headers", "content-type");
        expect(res.status, route.line).toBe(403);
        expect(res.headers["content-type"], route.line).toMatch(/^application\/json/);
        // v1 `{error, code}`, v2 `{detail}`.
        expect(res.body.error ?? res.body.detail, route.line).toBe(
          "Cross-origin requests from this origin are not allowed",
        );
        expect(
          Object.keys(res.headers).filter((h) => h.startsWith("access-control-")),
          route.line,
        ).toEqual([]);
      }
    });

    it("answers the allowlisted origin's preflight, and any other OPTIONS in JSON", async () => {
      const preflight = await t.http
        .options("/api/posts")
        .set("Origin", ALLOWED_ORIGIN)
        .set("Access-Control-Request-Method", "POST");
      expect(preflight.status).toBe(204);
      expect(preflight.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN);
      const plain = await t.http.options("/api/posts");
      expect(plain.status).toBe(404);
      expect(plain.body).toEqual({ error: "Endpoint not found", code: "not_found", endpoint: "OPTIONS /api/posts" });
    });
  });

  it("sends no stack and no database detail outside development", async () => {
    await t.database.db.execute(sql`alter table posts rename to posts_moved_away`);
    try {
      for (const http of [t.http, production.http]) {
        for (const path of ["/api/posts", "/api/v2/posts/", `/api/posts/${unknownId}`]) {
          const res = await http.get(path);
          expect(res.status, path).toBe(500);
          expect(res.text, path).not.toMatch(/stack|posts_moved_away|select|\n\s+at /i);
        }
      }
    } finally {
      await t.database.db.execute(sql`alter table posts_moved_away rename to posts`);
    }
  });

  it("sends Strict-Transport-Security and __Secure- cookies in production", async () => {
    const user = await signUp(t);
    const res = await production.http
      .post("/api/auth/sign-in/email")
      .send({ email: user.email, password: user.password });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Secure-auth\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  describe("logs", () => {
    it("never log a database error's message: a lost connection's query parameters (an email, a session token) stay out", async () => {
      const user = await signUp(t);
      const email = `logged-${randomUUID()}@example.com`;
      const signInAttempt = await unreachable.http
        .post("/api/auth/sign-in/email")
        .send({ email, password: "long enough password" });
      expect(signInAttempt.status).toBe(503);
      const profile = await unreachable.http.get("/api/profile").set("Cookie", user.cookie);
      expect(profile.status).toBe(503);
      const token = decodeURIComponent(user.cookie.split("=")[1]!).split(".")[0]!;
      expect(unreachable.logText()).not.toContain(email);
      expect(unreachable.logText()).not.toContain(token);
      const entry = unreachable.logs.find(
        (e) => e.level === "error" && e.requestId === profile.headers["x-request-id"],
      );
      expect(entry).toMatchObject({ errorName: "DrizzleQueryError", status: 503, code: "service_unavailable" });
      expect(entry).not.toHaveProperty("errorMessage");
      expect(entry).not.toHaveProperty("stack");
    });

    it("never log the service's own error code as a SQLSTATE", async () => {
      const res = await unreachable.http.get("/ready");
      expect(res.status).toBe(503);
      const entry = unreachable.logs.find((e) => e.level === "error" && e.requestId === res.headers["x-request-id"]);
      expect(entry).toMatchObject({ endpoint: "GET /ready", status: 503, code: "service_unavailable" });
      expect(entry?.sqlState).toBeUndefined();
    });

    it("escape control characters in every logged value: a request cannot forge a line of the text log", async () => {
      const admin = await signUp(t, { roles: ["ADMIN"] });
      const post = await createPost(t, admin);
      const marker = randomUUID();
      const forged = `${marker}\n2026-01-01T00:00:00.000Z info: forged\r\u001b[2J\u0085\u2028`;
      const formatted = (app: typeof development) =>
        app.logs.map((entry) => String((entry as Record<symbol, unknown>)[Symbol.for("message")]));
      for (const app of [development, production]) {
        const cookie = await signIn(app.http, admin);
        expect(
          (await app.http.get("/api/profile").query({ impersonatingUser: forged }).set("Cookie", cookie)).status,
        ).toBe(400);
        const reason = { postId: post.id, action: "restore", reason: forged };
        expect(
          (await app.http.post("/api/moderate").set("Cookie", cookie).set("Origin", t.config.authUrl).send(reason))
            .status,
        ).toBe(200);
      }
      const text = formatted(development).filter((line) => line.includes(marker));
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      for (const line of text) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      const escaped = `${marker}\\n2026-01-01T00:00:00.000Z info: forged\\r\\u001b[2J\\u0085\\u2028`;
      // The error message quoting the impersonation target, and the moderation entry quoting the reason.
      expect(text.filter((line) => line.includes(escaped))).toHaveLength(2);
      // Production's JSON lines stay one parseable line each, with the value intact.
      const json = formatted(production).filter((line) => line.includes(marker));
      for (const line of json) expect(line).not.toMatch(/[\n\r]/);
      const withValue = json.filter((line) =>
        JSON.stringify(JSON.parse(line)).includes(JSON.stringify(forged).slice(1, -1)),
      );
      expect(withValue).toHaveLength(2);
    });

    it("never contain the adminKey or a session token, whatever the request", async () => {
      const user = await signUp(t);
      const token = decodeURIComponent(user.cookie.split("=")[1]!).split(".")[0]!;
      const signed = decodeURIComponent(user.cookie.split("=")[1]!);
      for (const http of [t.http, development.http, production.http]) {
        await http.get("/api/admin/users").query({ adminKey: DEV_ADMIN_KEY }).set("Cookie", user.cookie);
        await http.get("/api/admin/users").query({ adminKey: DEV_ADMIN_KEY, token, session_token: signed });
        await http.get("/api/nowhere").query({ adminKey: DEV_ADMIN_KEY, token }).set("Cookie", user.cookie);
        await http.post("/api/posts").set("Cookie", user.cookie).send({ title: token });
        await http.post("/api/auth/sign-out").set("Cookie", `${user.cookie}x`).set("Origin", "http://evil.example");
      }
      for (const text of [t.logText(), development.logText(), production.logText(), unreachable.logText()]) {
        expect(text).not.toContain(DEV_ADMIN_KEY);
        expect(text).not.toContain(token);
      }
    });
  });
});

describe("API9:2023 Improper Inventory Management", () => {
  it("serves exactly the routes the changelog records", () => {
    const changelog = readFileSync(new URL(`../${CHANGELOG_FILE}`, import.meta.url), "utf8");
    const result = checkRoutes(
      changelog,
      routes.map((route) => route.line),
    );
    expect({ unrecorded: result.unrecorded, unserved: result.unserved }).toEqual({ unrecorded: [], unserved: [] });
  });

  it("classifies every served route as public, session or role (test/route-rules.ts), and only served routes", () => {
    expect(routes.filter((route) => !route.access).map((route) => route.line)).toEqual([]);
    const served = new Set(routes.map((route) => route.line));
    expect(Object.keys(ROUTE_ACCESS).filter((line) => !served.has(line))).toEqual([]);
  });

  it("offers of better-auth only the email and password endpoints, two-factor sign-in, passkeys and the mailed flows; the rest answer as unknown endpoints", async () => {
    // The calls a client may make, as the README lists them. Written out rather than imported from
    // the handler: an endpoint added there must be added here too, so widening what better-auth
    // serves is a visible decision, not a side effect.
    const inventory = [
      "POST /api/auth/sign-up/email",
      "POST /api/auth/sign-in/email",
      "POST /api/auth/sign-out",
      "GET /api/auth/get-session",
      "POST /api/auth/update-user",
      "POST /api/auth/change-password",
      "GET /api/auth/list-sessions",
      "POST /api/auth/revoke-session",
      "POST /api/auth/revoke-sessions",
      "POST /api/auth/revoke-other-sessions",
      "POST /api/auth/request-password-reset",
      "GET /api/auth/reset-password/x",
      "POST /api/auth/reset-password",
      "POST /api/auth/send-verification-email",
      "GET /api/auth/verify-email",
      "POST /api/auth/change-email",
      "POST /api/auth/two-factor/enable",
      "POST /api/auth/two-factor/get-totp-uri",
      "POST /api/auth/two-factor/verify-totp",
      "POST /api/auth/two-factor/verify-backup-code",
      "POST /api/auth/two-factor/generate-backup-codes",
      "POST /api/auth/two-factor/disable",
      "GET /api/auth/passkey/generate-register-options",
      "POST /api/auth/passkey/verify-registration",
      "GET /api/auth/passkey/generate-authenticate-options",
      "POST /api/auth/passkey/verify-authentication",
      "GET /api/auth/passkey/list-user-passkeys",
      "POST /api/auth/passkey/delete-passkey",
    ];
    const endpoints = Object.values(
      t.auth.api as Record<
        string,
        { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }
      >,
    )
      .filter((endpoint) => endpoint.path && !endpoint.options?.metadata?.SERVER_ONLY)
      .map((endpoint) => ({ path: endpoint.path!, method: [endpoint.options?.method ?? "GET"].flat()[0]! }));
    expect(endpoints.length).toBeGreaterThan(inventory.length);
    const user = await signUp(t);
    const answered: string[] = [];
    for (const { path, method } of endpoints) {
      const verb = method === "*" ? "GET" : method;
      const url = `/api/auth${fillPath(path, {}, "x")}`;
      const call = `${verb} ${url}`;
      const res = await send(t.http, verb, url, {
        cookie: user.cookie,
        headers: { Origin: t.config.authUrl },
        body: method === "GET" ? undefined : {},
      });
      expect(res.headers["content-type"], call).toMatch(/^application\/json/);
      if (res.body.code === "not_found")
        expect(res.body, call).toMatchObject({ error: "Endpoint not found", code: "not_found" });
      else answered.push(call);
    }
    expect(answered.sort()).toEqual(inventory.sort());
  });

  it("serves no route outside /api but the probes", () => {
    expect(routes.filter((route) => !route.path.startsWith("/api/")).map((route) => route.line)).toEqual([
      "GET /health",
      "GET /ready",
    ]);
  });
});

describe("API10:2023 Unsafe Consumption of APIs", () => {
  // The service calls no third-party API: nothing it serves is built from another service's
  // answer. What it does consume is its own dependencies' data: better-auth's session and the
  // database's rows. These tests hold that data to the same rules as a client's input.
  it("cannot hold a role value the service does not know: the database refuses it", async () => {
    const user = await signUp(t);
    await expect(
      t.database.db.execute(sql`update users set roles = array['SUPERUSER']::role[] where id = ${user.id}`),
    ).rejects.toThrow();
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual(["USER"]);
  });

  it("grants nothing to a user whose stored roles are empty", async () => {
    const user = await signUp(t);
    await t.database.db.execute(sql`update users set roles = '{}'::role[] where id = ${user.id}`);
    for (const route of roleRoutes(routes)) {
      expect((await send(t.http, route.method, fillPath(route.path), { cookie: user.cookie })).status, route.line).toBe(
        403,
      );
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual([]);
  });

  it("passes better-auth's own errors on as JSON and never its HTML error page", async () => {
    const res = await t.http.get("/api/auth/error?error=anything");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });
});
