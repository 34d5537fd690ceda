import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { signUp, unknownId, useSecondApp } from "./factories.js";
import { useTestApp } from "./harness.js";

const ALLOWED = "http://app.example";
const OTHER_ALLOWED = "http://admin.example";

const t = useTestApp({ CORS_ORIGINS: `${ALLOWED}, ${OTHER_ALLOWED}` });
const development = useSecondApp(t, { NODE_ENV: "development" });

/** The request log lines (level http) written since `from`. */
const requestLines = (from = 0) =>
  t.logs
    .slice(from)
    .filter((entry) => entry.level === "http")
    .map((entry) => String(entry.message));

describe("stage 1: cross-origin check", () => {
  it("allows the configured origins with credentials", async () => {
    for (const origin of [ALLOWED, OTHER_ALLOWED]) {
      const res = await t.http.get("/api/posts").set("Origin", origin);
      expect(res.status).toBe(200);
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
      expect(res.headers["access-control-allow-credentials"]).toBe("true");
      expect(res.headers.vary).toMatch(/Origin/);
    }
  });

  it("answers a preflight from an allowed origin for every method the API uses", async () => {
    const res = await t.http
      .options(`/api/posts/${unknownId}`)
      .set("Origin", ALLOWED)
      .set("Access-Control-Request-Method", "DELETE")
      .set("Access-Control-Request-Headers", "content-type");
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["access-control-allow-methods"]).toMatch(/DELETE/);
    expect(res.headers["access-control-allow-methods"]).toMatch(/PUT/);
  });

  it("sends no CORS headers to any other origin", async () => {
    for (const origin of ["http://evil.example", "http://app.example.evil.example", "null"]) {
      const res = await t.http.get("/api/posts").set("Origin", origin);
      expect(res.headers, origin).not.toHaveProperty("access-control-allow-origin");
      expect(res.headers, origin).not.toHaveProperty("access-control-allow-credentials");
      const preflight = await t.http
        .options("/api/posts")
        .set("Origin", origin)
        .set("Access-Control-Request-Method", "POST");
      expect(preflight.headers, origin).not.toHaveProperty("access-control-allow-origin");
    }
  });

  it("runs before authentication and the auth routes: errors and sign-in carry the headers too", async () => {
    const unauthenticated = await t.http.get("/api/profile").set("Origin", ALLOWED);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers["access-control-allow-origin"]).toBe(ALLOWED);
    const user = await signUp(t);
    const signIn = await t.http
      .post("/api/auth/sign-in/email")
      .set("Origin", ALLOWED)
      .send({ email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    expect(signIn.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(signIn.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("allows the development origins by default in development", async () => {
    const res = await development.http.get("/api/posts").set("Origin", "http://localhost:5173");
    expect(res.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const other = await development.http.get("/api/posts").set("Origin", ALLOWED);
    expect(other.headers).not.toHaveProperty("access-control-allow-origin");
  });
});

describe("stage 2: request logging", () => {
  it("logs method, URL, status and response time at http level, whatever the outcome", async () => {
    const marker = randomUUID();
    const from = t.logs.length;
    await t.http.get(`/api/posts?limit=1&m=${marker}`);
    await t.http.get(`/api/profile?m=${marker}`);
    await t.http.get(`/api/nothing?m=${marker}`);
    await t.http.get(`/api/posts?limit=0&m=${marker}`);
    const lines = requestLines(from);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(new RegExp(`^GET /api/posts\\?limit=1&m=${marker} 200 \\d+(\\.\\d+)? ms$`));
    expect(lines[1]).toMatch(new RegExp(`^GET /api/profile\\?m=${marker} 401 \\d+(\\.\\d+)? ms$`));
    expect(lines[2]).toMatch(new RegExp(`^GET /api/nothing\\?m=${marker} 404 \\d+(\\.\\d+)? ms$`));
    expect(lines[3]).toMatch(new RegExp(`^GET /api/posts\\?limit=0&m=${marker} 400 \\d+(\\.\\d+)? ms$`));
  });

  it("logs the auth routes, which better-auth answers itself", async () => {
    const from = t.logs.length;
    await t.http
      .post("/api/auth/sign-in/email")
      .send({ email: `nobody-${randomUUID()}@example.com`, password: "whatever it is" });
    expect(requestLines(from)).toEqual([
      expect.stringMatching(/^POST \/api\/auth\/sign-in\/email 401 \d+(\.\d+)? ms$/),
    ]);
  });

  it("does not log /health, and logs a ready /ready at debug level only", async () => {
    const from = t.logs.length;
    expect((await t.http.get("/health")).status).toBe(200);
    expect((await t.http.get("/ready")).status).toBe(200);
    expect(requestLines(from)).toEqual([]);
    const debugLines = t.logs.slice(from).filter((entry) => entry.level === "debug");
    expect(debugLines.map((entry) => String(entry.message))).toEqual([expect.stringMatching(/^GET \/ready 200 /)]);
  });

  it("redacts adminKey and token values in logged URLs", async () => {
    const secrets = [`key-${randomUUID()}`, `tok-${randomUUID()}`, `sess-${randomUUID()}`, `pw-${randomUUID()}`];
    const from = t.logs.length;
    const query = `adminKey=${secrets[0]}&token=${secrets[1]}&session_token=${secrets[2]}&password=${secrets[3]}&limit=1`;
    await t.http.get(`/api/posts?${query}`);
    await t.http.get(`/api/nothing?${query}`);
    const redacted = "adminKey=[redacted]&token=[redacted]&session_token=[redacted]&password=[redacted]&limit=1";
    expect(requestLines(from)).toEqual([
      expect.stringMatching(new RegExp(`^GET /api/posts\\?${redacted.replaceAll(/[[\]?]/g, "\\$&")} 200 `)),
      expect.stringMatching(new RegExp(`^GET /api/nothing\\?${redacted.replaceAll(/[[\]?]/g, "\\$&")} 404 `)),
    ]);
    const errorEntry = t.logs.slice(from).find((entry) => entry.status === 404);
    expect(errorEntry?.endpoint).toBe(`GET /api/nothing?${redacted}`);
    for (const secret of secrets) expect(t.logText()).not.toContain(secret);
  });

  it("logs at debug level in development", async () => {
    const user = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t);
    const from = development.logs.length;
    const cookie = (
      await development.http.post("/api/auth/sign-in/email").send({ email: user.email, password: user.password })
    ).headers["set-cookie"] as unknown as string[];
    await development.http
      .get(`/api/profile?impersonatingUser=${target.id}`)
      .set("Cookie", cookie.map((c) => c.split(";")[0]).join("; "));
    expect(development.config.logLevel).toBe("debug");
    expect(development.logs.slice(from).some((entry) => entry.level === "debug")).toBe(true);
  });
});

describe("stage 3 before the JSON parser: the auth handler reads its own body", () => {
  it("signs in with a JSON body, answered by better-auth", async () => {
    const user = await signUp(t);
    const started = Date.now();
    const res = await t.http.post("/api/auth/sign-in/email").send({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^auth\.session_token=/);
    // A body already consumed by express.json would leave better-auth waiting for one that never comes.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("lets better-auth parse the raw body: malformed JSON gets better-auth's answer, not the service's", async () => {
    const res = await t.http.post("/api/auth/sign-in/email").set("Content-Type", "application/json").send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.code).not.toBe("invalid_json");
    const service = await t.http.post("/api/users").set("Content-Type", "application/json").send('{"email":');
    expect(service.body).toEqual({ error: "Malformed JSON body", code: "invalid_json" });
  });

  it("lets better-auth see a body the JSON parser's 100 kB limit would refuse", async () => {
    const res = await t.http
      .post("/api/auth/sign-in/email")
      .send({ email: `nobody-${randomUUID()}@example.com`, password: "p".repeat(120 * 1024) });
    expect(res.body.code).not.toBe("payload_too_large");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("keeps the connection open when better-auth answers without reading the body", async () => {
    // One kept-alive socket: the second request fails with a reset if the first one's socket was destroyed.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = t.server.address() as AddressInfo;
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port, method, path, agent, headers: body ? { "content-type": "text/plain" } : {} },
          (res) => {
            res.resume().on("end", () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
          },
        );
        req.on("error", reject).end(body);
      });
    try {
      // Large enough to arrive in several chunks: better-auth answers before the last one.
      const first = await send("POST", "/api/auth/revoke-other-sessions", "x".repeat(512 * 1024));
      expect(first.status).toBeLessThan(500);
      const second = await send("GET", "/api/posts");
      expect(second).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe("probes", () => {
  it("/health answers that the process runs", async () => {
    const res = await t.http.get("/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("/health passes the cross-origin check and sends only the headers a probe's answer needs", async () => {
    const res = await t.http.get("/health").set("Origin", ALLOWED);
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const header of ["x-request-id", "content-security-policy", "x-frame-options", "referrer-policy"]) {
      expect(res.headers, header).not.toHaveProperty(header);
    }
    expect((await t.http.get("/health").set("Origin", "https://elsewhere.example")).headers).not.toHaveProperty(
      "access-control-allow-origin",
    );
  });

  it("/health answers only GET and HEAD; other methods get the JSON answers of any endpoint", async () => {
    expect((await t.http.head("/health")).status).toBe(200);
    const options = await t.http.options("/health");
    expect(options.status).toBe(404);
    expect(options.headers["content-type"]).toMatch(/^application\/json/);
    const post = await t.http.post("/health").send({});
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ error: "Endpoint not found", endpoint: "POST /health" });
    const preflight = await t.http
      .options("/health")
      .set("Origin", ALLOWED)
      .set("Access-Control-Request-Method", "GET");
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(ALLOWED);
  });

  it("/ready answers that the database answers", async () => {
    const res = await t.http.get("/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ready" });
  });
});
