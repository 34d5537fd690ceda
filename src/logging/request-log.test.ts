import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signIn, signUp, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();
// Production writes JSON lines; its secret is the test app's, so the same users sign in.
const production = useSecondApp(t, { NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(40), LOG_LEVEL: "http" });
const development = useSecondApp(t, { NODE_ENV: "development" });

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

/** The request lines written since `from`, as their JSON reaches a log collector. */
const requestLines = (logs: Record<string, unknown>[], from: number): Record<string, unknown>[] =>
  logs
    .slice(from)
    .filter((entry) => entry.level === "http")
    .map((entry) => JSON.parse(JSON.stringify(entry)) as Record<string, unknown>);

describe("request log lines", () => {
  it("carry each field of their own in production", async () => {
    const user = await signUp(t);
    const cookie = await signIn(production.http, user);
    const from = production.logs.length;
    const res = await production.http
      .get("/api/users/" + user.id + "?token=secret-value")
      .set("Cookie", cookie)
      .set("User-Agent", "field-test/1.0");
    expect(res.status).toBe(200);
    const [line] = requestLines(production.logs, from);
    expect(line).toEqual({
      level: "http",
      message: expect.stringMatching(new RegExp(`^GET /api/users/${user.id}\\?token=\\[redacted\\] 200 [\\d.]+ ms$`)),
      method: "GET",
      route: "/api/users/:id",
      path: `/api/users/${user.id}?token=[redacted]`,
      status: 200,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      requestId: res.headers["x-request-id"],
      userId: user.id,
      ip: "127.0.0.1",
      timestamp: expect.any(String),
      userAgent: "field-test/1.0",
    });
    expect(line!.bytes).toBeGreaterThan(Number(res.headers["content-length"]));
    expect(production.logText()).not.toContain("secret-value");
  });

  it("name the admin as the user, and the user impersonated, while impersonating", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t);
    const cookie = await signIn(production.http, admin);
    const from = production.logs.length;
    const res = await production.http.get(`/api/profile?impersonatingUser=${target.id}`).set("Cookie", cookie);
    expect(res.status).toBe(200);
    expect(requestLines(production.logs, from)).toEqual([
      expect.objectContaining({ route: "/api/profile", userId: admin.id, impersonatedUserId: target.id }),
    ]);
  });

  it("give an unmatched path one route, and no user to an anonymous request", async () => {
    const from = production.logs.length;
    expect((await production.http.get(`/api/${randomUUID()}`)).status).toBe(404);
    const [line] = requestLines(production.logs, from);
    expect(line).toMatchObject({ route: "unmatched", status: 404 });
    expect(line).not.toHaveProperty("userId");
  });

  it("keep a well-formed traceparent's trace id on every line of the request", async () => {
    const from = production.logs.length;
    const res = await production.http.get(`/api/nothing-${randomUUID()}`).set("traceparent", TRACEPARENT);
    expect(res.status).toBe(404);
    const lines = production.logs.slice(from).filter((entry) => entry.requestId === res.headers["x-request-id"]);
    expect(lines.map((entry) => entry.level)).toEqual(["info", "http"]);
    for (const entry of lines) expect(entry.traceId).toBe(TRACE_ID);
    // The response keeps its request id; no trace header is standard for a response.
    expect(res.headers).not.toHaveProperty("traceparent");
  });

  it.each([
    ["an all-zero trace id", `00-${"0".repeat(32)}-00f067aa0ba902b7-01`],
    ["an all-zero parent id", `00-${TRACE_ID}-${"0".repeat(16)}-01`],
    ["upper-case hex", `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`],
    ["version ff", `ff-${TRACE_ID}-00f067aa0ba902b7-01`],
    ["version 00 with more fields", `00-${TRACE_ID}-00f067aa0ba902b7-01-extra`],
    ["a short trace id", `00-${TRACE_ID.slice(1)}-00f067aa0ba902b7-01`],
    ["a log line forged in it", `00-${TRACE_ID}-00f067aa0ba902b7-01\n{"level":"error"}`.replace("\n", "%0A")],
  ])("ignore a traceparent with %s", async (_what, header) => {
    const from = production.logs.length;
    await production.http.get("/api/posts?limit=1").set("traceparent", header);
    const [line] = requestLines(production.logs, from);
    expect(line).toMatchObject({ route: "/api/posts", status: 200 });
    expect(line).not.toHaveProperty("traceId");
  });

  it("accept a later traceparent version with more fields", async () => {
    const from = production.logs.length;
    await production.http.get("/api/posts?limit=1").set("traceparent", `01-${TRACE_ID}-00f067aa0ba902b7-01-more`);
    expect(requestLines(production.logs, from)[0]).toMatchObject({ traceId: TRACE_ID });
  });

  it("name better-auth's endpoint as the route, and any path it does not offer as one route", async () => {
    const from = production.logs.length;
    const signIn = await production.http
      .post("/api/auth/sign-in/email")
      .set("Origin", t.config.authUrl)
      .send({ email: `nobody-${randomUUID()}@example.com`, password: "wrong password" });
    expect(signIn.status).toBe(401);
    expect((await production.http.get(`/api/auth/${randomUUID()}`)).status).toBe(404);
    expect(requestLines(production.logs, from).map((line) => line.route)).toEqual([
      "/api/auth/sign-in/email",
      "/api/auth/*",
    ]);
  });

  it("leave out a ready answer of the readiness probe, which goes to the debug level", async () => {
    const from = production.logs.length;
    expect((await production.http.get("/ready")).status).toBe(200);
    expect((await production.http.get("/api/posts?limit=1")).status).toBe(200);
    expect(requestLines(production.logs, from).map((line) => line.route)).toEqual(["/api/posts"]);
    const debugFrom = development.logs.length;
    expect((await development.http.get("/ready")).status).toBe(200);
    const debugLines = development.logs.slice(debugFrom).filter((entry) => entry.level === "debug");
    expect(debugLines.map((entry) => entry.message)).toContainEqual(
      expect.stringMatching(/^GET \/ready 200 [\d.]+ ms$/),
    );
  });

  it("stay one readable line in development", async () => {
    const from = development.logs.length;
    const res = await development.http.get("/api/posts?limit=1");
    expect(requestLines(development.logs, from)).toEqual([
      {
        level: "http",
        message: expect.stringMatching(/^GET \/api\/posts\?limit=1 200 [\d.]+ ms$/),
        requestId: res.headers["x-request-id"],
        timestamp: expect.any(String),
      },
    ]);
  });

  it("hide a reset token however its path is spelled", async () => {
    const token = `tok${randomUUID().replaceAll("-", "")}`;
    const spellings = [
      `/api/auth/reset-password/./${token}`,
      `/api/auth/reset-password/%2e/${token}`,
      `/api/auth/reset-password/%2E%2e/reset-password/${token}`,
      `/api/auth/reset-password/x/../${token}`,
      `/api/auth/Reset-Password/${token}`,
      `/api/auth/reset-password//${token}`,
      `/api/auth/x/..//reset-password/${token}?callbackURL=%2Fdone`,
    ];
    const from = production.logs.length;
    for (const path of spellings) await production.http.get(path);
    const lines = requestLines(production.logs, from);
    expect(lines).toHaveLength(spellings.length);
    expect(JSON.stringify(production.logs.slice(from))).not.toContain(token);
    expect(lines[0]).toMatchObject({ path: "/api/auth/reset-password/[redacted]" });
  });
});
