// OWASP API Security Top 10 (2023), API8: security headers and JSON on every route and method, CORS
// for the allowlisted origin only, no detail in errors, and logs that leak nothing and cannot be forged.
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { type IncomingMessage, METHODS, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPost, signIn, signUp, unknownId } from "../factories.js";
import { fillPath, methodsOf } from "../route-rules.js";
import { ALLOWED_ORIGIN, DEV_ADMIN_KEY, send, useDevelopmentApp, useOwaspApp, useProductionApp } from "./helpers.js";
import { useUnreachableDatabaseApp } from "./unreachable-database-app.js";

const { t, routes } = useOwaspApp();
const development = useDevelopmentApp(t);
const production = useProductionApp(t);

/** One request with any method name (supertest knows only the common ones). */
async function rawRequest(port: number, method: string, path: string, headers: Record<string, string>) {
  const req = httpRequest({ host: "127.0.0.1", port, method, path, headers });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  let body = "";
  for await (const chunk of res) body += String(chunk);
  return { status: res.statusCode ?? 0, contentType: res.headers["content-type"] ?? "", body };
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
