import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { request } from "node:http";
import { connect, createServer, type AddressInfo, type Server as NetServer } from "node:net";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import type { AppOptions } from "../src/deps.js";
import type { RateLimitStores } from "../src/http/rate-limit.js";
import { redisRateLimitStores } from "../src/http/redis-rate-limit-stores.js";
import { createPost, signUp } from "./factories.js";
import { useTestApp } from "./harness.js";
import { type StartedApp, startApp as startTestApp } from "./start-app.js";
import { REDIS_URL, redisAvailable } from "./redis.js";
import { UUID } from "../src/db/uuid.js";
import { authCredentialRoutes } from "../src/auth/endpoints.js";
import { credentialRoutesOf } from "../src/http/route.js";
import { v1Routes } from "../src/v1/routes.js";
import { v2Routes } from "../src/v2/routes.js";
import { poll } from "./poll.js";

const t = useTestApp();

const DEV_ADMIN_KEY = "dev-admin-key-0123456789";

const apps: StartedApp[] = [];
const stores: RateLimitStores[] = [];
// Closed once the stores connected through them are.
const proxies: NetServer[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(proxies.map((proxy) => new Promise((resolve) => proxy.close(resolve))));
});

/**
 * A second app on the test file's database, with other settings (rate limits, production, dev
 * mode), logging into the test app's log and signing in through its better-auth.
 */
async function startApp(env: Record<string, string>, parts: Partial<AppOptions> = {}) {
  const app = await startTestApp({
    beside: t,
    env,
    parts: { auth: t.auth, mailer: t.mailer, logger: t.logger, ...parts },
  });
  apps.push(app);
  return Object.assign(app.http, { port: (app.server.address() as AddressInfo).port });
}

/** A POST whose path goes out byte for byte (supertest resolves `.` and `..` segments itself). */
function rawPost(port: number, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json" } },
      (res) => {
        res.resume().on("end", () => resolve(res.statusCode!));
      },
    );
    req.on("error", reject).end(JSON.stringify(body));
  });
}

function redisStores(prefix: string, url = REDIS_URL): RateLimitStores {
  const created = redisRateLimitStores({ url, prefix, logger: t.logger });
  stores.push(created);
  return created;
}

const newUserBody = () => ({
  name: "Rate Limited",
  email: `rl-${randomUUID()}@example.com`,
  password: "long enough password",
});
const tooManyRequests = { error: "Too many requests, try again later", code: "rate_limited" };

describe("security headers", () => {
  it("forbids sniffing, framing and caching and hides the framework", async () => {
    const res = await t.http.get("/api/posts");
    expect(res.status).toBe(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers).not.toHaveProperty("x-powered-by");
  });

  it("sends only headers a JSON response can use, none meant for documents or retired browsers", async () => {
    const res = await t.http.get("/api/posts");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    for (const header of [
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "x-dns-prefetch-control",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-xss-protection",
    ]) {
      expect(res.headers, header).not.toHaveProperty(header);
    }
  });

  it("sends the headers on errors too", async () => {
    const res = await t.http.get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("sends Strict-Transport-Security in production only", async () => {
    expect((await t.http.get("/ready")).headers).not.toHaveProperty("strict-transport-security");
    const production = await startApp({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      RATE_LIMIT_ENABLED: "false",
    });
    const res = await production.get("/ready");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("a malformed Host header", () => {
  it("gets a list whose links name the service's own URL, never a 500", async () => {
    const author = await signUp(t);
    await createPost(t, author);
    await createPost(t, author);
    for (const host of ["bad host", "a/b", "[::1", "%"]) {
      const res = await t.http.get("/api/v2/posts/?page_size=1").set("Host", host);
      expect(res.status, host).toBe(200);
      expect(new URL(res.body.next).origin, host).toBe(new URL(t.config.authUrl).origin);
    }
  });
});

describe("request id", () => {
  const logsOf = (requestId: string) => t.logs.filter((entry) => entry.requestId === requestId);

  it("makes one up, echoes it and puts it on the request's log line", async () => {
    const res = await t.http.get("/api/posts");
    const id = String(res.headers["x-request-id"]);
    expect(id).toMatch(UUID);
    expect(logsOf(id).map((entry) => entry.message)).toEqual([expect.stringMatching(/^GET \/api\/posts 200 /)]);
  });

  it("keeps a well-formed id from the caller", async () => {
    const res = await t.http.get("/api/posts").set("X-Request-Id", "edge-7f3a.B_9");
    expect(res.headers["x-request-id"]).toBe("edge-7f3a.B_9");
    expect(logsOf("edge-7f3a.B_9")).toHaveLength(1);
  });

  it.each([
    ["too long", "a".repeat(129)],
    ["with spaces", "a b"],
    ["with a forged log field", 'x","level":"error'],
    ["empty", ""],
  ])("replaces an id that is %s", async (_case, given) => {
    const res = await t.http.get("/ready").set("X-Request-Id", given);
    expect(res.headers["x-request-id"]).toMatch(UUID);
  });

  it("accepts the longest well-formed id", async () => {
    const longest = "a".repeat(128);
    expect((await t.http.get("/ready").set("X-Request-Id", longest)).headers["x-request-id"]).toBe(longest);
  });

  it("is on the error handler's and the routes' lines, each with its own id under concurrency", async () => {
    const author = await signUp(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.http
          .post("/api/posts")
          .set("Cookie", author.cookie)
          .set("X-Request-Id", `concurrent-${i}`)
          .send({ title: `Concurrent ${i}`, content: "Written at the same time as the others." }),
      ),
    );
    results.forEach((res, i) => {
      expect(res.status).toBe(201);
      const routeLine = logsOf(`concurrent-${i}`).find((entry) => entry.message === "Post created");
      expect(routeLine).toMatchObject({ postId: res.body.post.id, authorId: author.id });
    });

    const missing = await t.http.get("/api/missing").set("X-Request-Id", "error-line");
    expect(missing.status).toBe(404);
    expect(logsOf("error-line").map((entry) => entry.message)).toEqual(
      expect.arrayContaining(["Endpoint not found", expect.stringMatching(/^GET \/api\/missing 404 /)]),
    );
  });
});

describe("rate limits in memory", () => {
  const limited = () => startApp({ RATE_LIMIT_ENABLED: "true", RATE_LIMIT_AUTH: "3", RATE_LIMIT_GLOBAL: "5" });

  it("answers the 4th POST /api/users in a minute with 429, Retry-After and the JSON body", async () => {
    const http = await limited();
    for (let i = 0; i < 3; i++) expect((await http.post("/api/users").send(newUserBody())).status).toBe(201);
    const res = await http.post("/api/users").send(newUserBody());
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooManyRequests);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(res.headers["ratelimit-policy"]).toBe("3;w=60");
  });

  it("counts sign-in and sign-up before better-auth checks the password", async () => {
    const user = await signUp(t);
    const http = await limited();
    const signIn = () => http.post("/api/auth/sign-in/email").send({ email: user.email, password: user.password });
    expect((await signIn()).status).toBe(200);
    expect(
      (await http.post("/api/auth/sign-in/email").send({ email: user.email, password: "wrong password" })).status,
    ).toBe(401);
    expect((await http.post("/api/auth/sign-up/email").send(newUserBody())).status).toBe(200);
    const res = await signIn();
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooManyRequests);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("cannot be sidestepped with another spelling of a credential route", async () => {
    const user = await signUp(t);
    const credentials = { email: user.email, password: user.password };
    const http = await limited();
    // Spellings better-auth or Express serve as sign-in or user creation: each one is counted.
    expect(await rawPost(http.port, "/api/auth/sign-in/./email", credentials)).toBe(200);
    expect(await rawPost(http.port, "/api/auth/x/../sign-in/email", credentials)).toBe(200);
    expect(await rawPost(http.port, "/API/USERS/", newUserBody())).toBe(201);
    for (const path of ["/api/auth/sign-in/./email", "/api/auth/sign-in/email#x", "/api/users/", "/Api/Users"]) {
      expect(await rawPost(http.port, path, credentials), path).toBe(429);
    }
  });

  it("counts every route declared under the credential limit there, and no other", async () => {
    const http = await startApp({ RATE_LIMIT_ENABLED: "true", RATE_LIMIT_AUTH: "100", RATE_LIMIT_GLOBAL: "50" });
    const declared = [...authCredentialRoutes(), ...credentialRoutesOf(v1Routes), ...credentialRoutesOf(v2Routes)];
    expect(declared).toEqual(
      expect.arrayContaining([
        { method: "POST", path: "/api/auth/sign-in/email" },
        { method: "POST", path: "/api/users" },
        { method: "DELETE", path: "/api/v2/me/" },
      ]),
    );
    for (const { method, path } of declared) {
      const verb = method.toLowerCase() as "get" | "post" | "delete";
      const res = verb === "get" ? await http.get(path) : await http[verb](path).send({});
      expect(res.headers["ratelimit-policy"], `${method} ${path}`).toBe("100;w=60");
    }
    for (const [method, path] of [
      ["get", "/api/posts"],
      ["post", "/api/auth/sign-out"],
      ["get", "/api/v2/me/export/"],
    ] as const)
      expect((await http[method](path)).headers["ratelimit-policy"], `${method} ${path}`).toBe("50;w=60");
  });

  it("limits every other route globally, the probes excepted, and counts credential routes apart", async () => {
    const http = await limited();
    for (let i = 0; i < 3; i++) await http.post("/api/users").send(newUserBody());
    for (let i = 0; i < 5; i++) expect((await http.get("/api/posts")).status).toBe(200);
    const res = await http.get("/api/nothing-here");
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooManyRequests);
    for (let i = 0; i < 10; i++) {
      expect((await http.get("/health")).status).toBe(200);
      expect((await http.get("/ready")).status).toBe(200);
    }
  });

  it("answers v2 clients in the v2 error shape", async () => {
    const http = await limited();
    for (let i = 0; i < 5; i++) await http.get("/api/posts");
    const res = await http.get("/api/v2/posts/");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: "Too many requests, try again later", code: "rate_limited" });
  });

  it("keys by client address: X-Forwarded-For counts only when TRUST_PROXY says so", async () => {
    const direct = await limited();
    for (let i = 0; i < 5; i++) await direct.get("/api/posts").set("X-Forwarded-For", `203.0.113.${i}`);
    expect((await direct.get("/api/posts").set("X-Forwarded-For", "203.0.113.99")).status).toBe(429);
    // The operator is told once that a proxy header arrives while TRUST_PROXY is unset.
    expect(t.logs).toContainEqual(
      expect.objectContaining({ level: "warn", errorCode: "ERR_ERL_UNEXPECTED_X_FORWARDED_FOR" }),
    );

    const behindProxy = await startApp({ RATE_LIMIT_ENABLED: "true", RATE_LIMIT_GLOBAL: "5", TRUST_PROXY: "loopback" });
    for (let i = 0; i < 5; i++) await behindProxy.get("/api/posts").set("X-Forwarded-For", "203.0.113.1");
    expect((await behindProxy.get("/api/posts").set("X-Forwarded-For", "203.0.113.1")).status).toBe(429);
    expect((await behindProxy.get("/api/posts").set("X-Forwarded-For", "203.0.113.2")).status).toBe(200);
  });

  it("is off unless RATE_LIMIT_ENABLED", async () => {
    const http = await startApp({ RATE_LIMIT_ENABLED: "false", RATE_LIMIT_GLOBAL: "1" });
    for (let i = 0; i < 5; i++) expect((await http.get("/api/posts")).status).toBe(200);
  });
});

describe.skipIf(!redisAvailable)("rate limits in Redis", () => {
  const env = { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_AUTH: "3", RATE_LIMIT_GLOBAL: "50", REDIS_URL };

  it("shares one client's counter between instances", async () => {
    const prefix = `rl:test-${randomUUID()}:`;
    const first = await startApp(env, { rateLimitStores: redisStores(prefix) });
    const second = await startApp(env, { rateLimitStores: redisStores(prefix) });
    expect((await first.post("/api/users").send(newUserBody())).status).toBe(201);
    expect((await second.post("/api/users").send(newUserBody())).status).toBe(201);
    expect((await first.post("/api/users").send(newUserBody())).status).toBe(201);
    const res = await second.post("/api/users").send(newUserBody());
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooManyRequests);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);

    const redis = await createClient({ url: REDIS_URL }).connect();
    try {
      const keys = await redis.keys(`${prefix}*`);
      // Credential routes count apart from the global budget: one key, one client address.
      expect(keys).toEqual([`${prefix}auth:127.0.0.1`]);
      expect(Number(await redis.get(`${prefix}auth:127.0.0.1`))).toBe(4);
      await redis.del(keys);
    } finally {
      redis.destroy();
    }
  });

  it("counts in this instance's memory, promptly, while Redis is unreachable", async () => {
    const http = await startApp(env, {
      rateLimitStores: redisStores(`rl:test-${randomUUID()}:`, "redis://127.0.0.1:9"),
    });
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect((await http.post("/api/users").send(newUserBody())).status).toBe(201);
    expect((await http.post("/api/users").send(newUserBody())).status).toBe(429);
    // Only the first request waits (up to 1 s) for a first connection.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(
      t.logs.some((entry) => entry.level === "warn" && String(entry.message).startsWith("Redis is unreachable")),
    ).toBe(true);
  });

  it("starts counting by itself once Redis becomes reachable", async () => {
    // Redis comes up after the service: the limiter's start-up script load fails and must be retried.
    const probe = createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const prefix = `rl:test-${randomUUID()}:`;
    const http = await startApp(env, { rateLimitStores: redisStores(prefix, `redis://127.0.0.1:${port}`) });
    for (let i = 0; i < 3; i++) expect((await http.post("/api/users").send(newUserBody())).status).toBe(201);

    const redisPort = Number(new URL(REDIS_URL).port || 6379);
    const proxy = createServer((client) => {
      const upstream = connect(redisPort, new URL(REDIS_URL).hostname);
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    }).listen(port, "127.0.0.1");
    proxies.push(proxy);
    await once(proxy, "listening");

    // Refused by this instance's own count meanwhile; counted in Redis once it answers.
    const redis = await createClient({ url: REDIS_URL }).connect();
    const statuses: number[] = [];
    const countedAfterARequest = async () => {
      statuses.push((await http.post("/api/users").send(newUserBody())).status);
      return Number(await redis.get(`${prefix}auth:127.0.0.1`));
    };
    const counted = await poll(countedAfterARequest, (count) => count !== 0, { withinMs: 15_000, everyMs: 100 });
    expect(counted).toBe(1);
    // Redis's own count starts with that request, yet what this instance counted meanwhile still
    // holds for the window: the stricter count refuses it, as it refused those before it.
    expect(statuses.every((status) => status === 429)).toBe(true);
    await redis.del(await redis.keys(`${prefix}*`));
    redis.destroy();
  }, 30_000);
});

describe("audit log", () => {
  const auditOf = async (admin: { cookie: string }, query = "") => {
    const res = await t.http.get(`/api/admin/audit${query}`).set("Cookie", admin.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { entries: Record<string, unknown>[]; limit: number; offset: number };
  };

  it("records a role change with the roles before and after", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const res = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["MODERATOR"] });
    expect(res.status).toBe(200);
    const { entries } = await auditOf(admin);
    expect(entries).toContainEqual({
      id: expect.stringMatching(UUID),
      actorId: admin.id,
      actorEmail: admin.email,
      action: "user.set_roles",
      targetId: user.id,
      method: "PUT",
      path: `/api/users/${user.id}/roles`,
      details: { roles: ["MODERATOR"], previousRoles: ["USER"] },
      createdAt: expect.any(String),
    });
  });

  it("records nothing for a role change that was refused", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .put(`/api/users/${admin.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER"] });
    expect(res.status).toBe(409);
    const { entries } = await auditOf(admin, "?limit=100");
    expect(entries.filter((entry) => entry.targetId === admin.id)).toEqual([]);
  });

  it("records a moderation action", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const post = await createPost(t, await signUp(t));
    const res = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .send({ postId: post.id, action: "hide", reason: "spam" });
    expect(res.status).toBe(200);
    const { entries } = await auditOf(admin);
    expect(entries).toContainEqual(
      expect.objectContaining({
        actorId: moderator.id,
        action: "post.moderate",
        targetId: post.id,
        details: { action: "hide", reason: "spam" },
      }),
    );
  });

  it("records every impersonated request under the real admin", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    for (const path of ["/api/profile", `/api/users/${user.id}`]) {
      const res = await t.http.get(path).query({ impersonatingUser: user.id }).set("Cookie", admin.cookie);
      expect(res.status).toBe(200);
    }
    const roles = await t.http
      .put(`/api/users/${user.id}/roles`)
      .query({ impersonatingUser: user.id })
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER", "GUEST"] });
    expect(roles.status).toBe(200);

    const { entries } = await auditOf(admin, "?limit=10");
    const mine = entries.filter((entry) => entry.actorId === admin.id).reverse();
    expect(mine.map((entry) => [entry.action, entry.method, entry.path])).toEqual([
      ["admin.impersonate", "GET", `/api/profile?impersonatingUser=${user.id}`],
      ["admin.impersonate", "GET", `/api/users/${user.id}?impersonatingUser=${user.id}`],
      ["admin.impersonate", "PUT", `/api/users/${user.id}/roles?impersonatingUser=${user.id}`],
      ["user.set_roles", "PUT", `/api/users/${user.id}/roles?impersonatingUser=${user.id}`],
    ]);
    expect(mine.slice(0, 3).every((entry) => entry.targetId === user.id)).toBe(true);
    expect(mine[3]!.details).toEqual({ roles: ["USER", "GUEST"], previousRoles: ["USER"], actingAs: user.id });
  });

  it("records an adminKey elevation with the key redacted", async () => {
    const dev = await startApp({ NODE_ENV: "development", DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY });
    const user = await signUp(t);
    const res = await dev
      .get("/api/admin/users")
      .query({ adminKey: DEV_ADMIN_KEY, limit: 1 })
      .set("Cookie", user.cookie);
    expect(res.status).toBe(200);

    const admin = await signUp(t, { roles: ["ADMIN"] });
    const { entries } = await auditOf(admin, "?limit=100");
    expect(entries).toContainEqual(
      expect.objectContaining({
        actorId: user.id,
        action: "admin.elevate_with_admin_key",
        targetId: null,
        method: "GET",
        path: "/api/admin/users?adminKey=[redacted]&limit=1",
      }),
    );
    expect(JSON.stringify(entries)).not.toContain(DEV_ADMIN_KEY);
    expect(t.logText()).not.toContain(DEV_ADMIN_KEY);
  });

  it("is for admins only, newest first, and paginates like /api/users", async () => {
    const user = await signUp(t);
    expect((await t.http.get("/api/admin/audit")).body).toEqual({ error: "No auth session" });
    const forbidden = await t.http.get("/api/admin/audit").set("Cookie", user.cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: "Insufficient role" });

    const admin = await signUp(t, { roles: ["ADMIN"] });
    const invalid = await t.http.get("/api/admin/audit?limit=0").set("Cookie", admin.cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("validation_error");

    const all = await auditOf(admin, "?limit=100");
    expect(all.entries.length).toBeGreaterThan(3);
    const times = all.entries.map((entry) => Date.parse(String(entry.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await auditOf(admin, "?limit=2&offset=1");
    expect(page).toEqual({ entries: all.entries.slice(1, 3), limit: 2, offset: 1 });
  });
});
