import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createPost, signUp, useSecondApp } from "./factories.js";
import { useTestApp } from "./harness.js";

const t = useTestApp();
const development = useSecondApp(t, { NODE_ENV: "development" });
const production = useSecondApp(t, {
  NODE_ENV: "production",
  BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  RATE_LIMIT_ENABLED: "false",
});

const BODY_LIMIT = 100 * 1024;
const internalError = { error: "Failed to complete request due to internal error", code: "internal_server_error" };
const resourceConflict = { error: "Database level resource conflict", code: "resource_conflict" };
const duplicateEmail = { error: "User with this email already exists", code: "duplicate_email" };

/** A JSON body of exactly `bytes` bytes (a user whose name is far too long). */
function bodyOfSize(bytes: number): string {
  const empty = JSON.stringify({ name: "", email: "big@example.com", password: "long enough" });
  return JSON.stringify({ name: "n".repeat(bytes - empty.length), email: "big@example.com", password: "long enough" });
}

/** Runs `fn` while the posts table is missing, so every query on it fails inside the database. */
async function withoutPostsTable(fn: () => Promise<void>): Promise<void> {
  await t.database.db.execute(sql`alter table posts rename to posts_moved_away`);
  try {
    await fn();
  } finally {
    await t.database.db.execute(sql`alter table posts_moved_away rename to posts`);
  }
}

describe("unknown endpoints", () => {
  it("answers 404 with the exact body, naming the method and the original URL", async () => {
    const res = await t.http.get("/api/nothing/here?x=1&y=two");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: "Endpoint not found",
      code: "not_found",
      endpoint: "GET /api/nothing/here?x=1&y=two",
    });
  });

  it("answers every method and any path, including a known path with an unserved method", async () => {
    const del = await t.http.delete("/api/posts");
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ error: "Endpoint not found", code: "not_found", endpoint: "DELETE /api/posts" });
    const root = await t.http.post("/").send({});
    expect(root.body).toEqual({ error: "Endpoint not found", code: "not_found", endpoint: "POST /" });
  });
});

describe("errors under /api/auth", () => {
  it("answers an unknown auth path with the unknown-endpoint body, not better-auth's empty 404", async () => {
    const agent = `errors-test-${randomUUID()}`;
    const res = await t.http.get("/api/auth/no-such-thing?x=1").set("User-Agent", agent);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: "Endpoint not found",
      code: "not_found",
      endpoint: "GET /api/auth/no-such-thing?x=1",
    });
    expect(t.logs.filter((entry) => entry.userAgent === agent)).toEqual([
      expect.objectContaining({ endpoint: "GET /api/auth/no-such-thing?x=1", status: 404 }),
    ]);
  });

  it("answers a failure inside better-auth with the JSON 500 body, logged once without the query's parameters", async () => {
    const user = await signUp(t);
    const agent = `errors-test-${randomUUID()}`;
    const consoleError = vi.spyOn(console, "error");
    await t.database.db.execute(sql`alter table sessions rename to sessions_moved_away`);
    let res;
    try {
      res = await t.http
        .post("/api/auth/sign-in/email")
        .set("User-Agent", agent)
        .send({ email: user.email, password: user.password });
    } finally {
      await t.database.db.execute(sql`alter table sessions_moved_away rename to sessions`);
    }
    expect(res.status).toBe(500);
    expect(res.body).toEqual(internalError);
    const entries = t.logs.filter((entry) => entry.userAgent === agent);
    expect(entries).toEqual([
      expect.objectContaining({
        level: "error",
        endpoint: "POST /api/auth/sign-in/email",
        status: 500,
        sqlState: "42P01",
      }),
    ]);
    // The failed insert's parameters are the new session's token, the user id and the user agent.
    expect(t.logText()).not.toContain(`${agent},`);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it("passes better-auth's own JSON errors through", async () => {
    const user = await signUp(t);
    const res = await t.http.post("/api/auth/sign-in/email").send({ email: user.email, password: "wrong password" });
    expect(res.status).toBe(401);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe("malformed and oversized bodies", () => {
  it("answers malformed JSON with 400 invalid_json, before authentication", async () => {
    const user = await signUp(t);
    for (const cookie of [user.cookie, ""]) {
      const res = await t.http
        .post("/api/posts")
        .set("Cookie", cookie)
        .set("Content-Type", "application/json")
        .send('{"title":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Malformed JSON body", code: "invalid_json" });
    }
  });

  it("accepts a body of exactly 100 kB and answers 413 payload_too_large one byte over", async () => {
    const atLimit = await t.http
      .post("/api/users")
      .set("Content-Type", "application/json")
      .send(bodyOfSize(BODY_LIMIT));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.code).toBe("validation_error");
    const over = await t.http
      .post("/api/users")
      .set("Content-Type", "application/json")
      .send(bodyOfSize(BODY_LIMIT + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: "Request body exceeds the 100 kB limit", code: "payload_too_large" });
  });
});

describe("validation failures", () => {
  it("answer 400 {error: Invalid request, code: validation_error, details} keyed by part and field", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/posts")
      .set("Cookie", user.cookie)
      .send({ title: "four", content: "long enough content" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Invalid request",
      code: "validation_error",
      details: { "body.title": [expect.any(String)] },
    });
    expect(res.body.details["body.title"][0].length).toBeGreaterThan(0);
  });

  it("report every failing part of the request at once", async () => {
    const user = await signUp(t);
    const res = await t.http.put("/api/posts/not-a-uuid").set("Cookie", user.cookie).send({ title: 5, tags: "x" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details).sort()).toEqual(["body.content", "body.tags", "body.title", "params.id"]);
    const query = await t.http.get("/api/posts?limit=0&offset=-1");
    expect(Object.keys(query.body.details).sort()).toEqual(["query.limit", "query.offset"]);
  });
});

describe("unique-constraint violations (SQLSTATE 23505)", () => {
  it("answer 409 resource_conflict, and duplicate_email only for the email", async () => {
    const author = await signUp(t);
    // A uniqueness rule the service does not know about: only the database reports the conflict.
    try {
      await t.database.db.execute(
        sql`create unique index posts_title_test_unique on posts (title) where title like 'Unique %'`,
      );
      await t.database.db.execute(
        sql`create unique index users_name_test_unique on users (name) where name like 'Unique %'`,
      );
      const title = `Unique title ${randomUUID()}`;
      await createPost(t, author, { title });
      const post = await t.http
        .post("/api/posts")
        .set("Cookie", author.cookie)
        .send({ title, content: "Some other content." });
      expect(post.status).toBe(409);
      expect(post.body).toEqual(resourceConflict);

      const name = `Unique name ${randomUUID()}`;
      const email = `conflict-${randomUUID()}@example.com`;
      expect((await t.http.post("/api/users").send({ name, email, password: "long enough" })).status).toBe(201);
      const sameName = await t.http.post("/api/users").send({ name, email: `other-${email}`, password: "long enough" });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toEqual(resourceConflict);
      const sameEmail = await t.http.post("/api/users").send({ name: `Other ${name}`, email, password: "long enough" });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual(duplicateEmail);
      // The driver's message carries the bound values; it is never logged.
      expect(t.logText()).not.toContain(email);
      expect(t.logText()).not.toContain(title);
    } finally {
      await t.database.db.execute(sql`drop index if exists posts_title_test_unique`);
      await t.database.db.execute(sql`drop index if exists users_name_test_unique`);
    }
  });
});

describe("internal errors", () => {
  it("answer 500 internal_server_error without a stack outside development", async () => {
    await withoutPostsTable(async () => {
      for (const http of [t.http, production.http]) {
        const res = await http.get("/api/posts");
        expect(res.status).toBe(500);
        expect(res.body).toEqual(internalError);
        expect(res.text).not.toMatch(/stack|posts_moved_away|select/i);
      }
    });
  });

  it("carry the stack in development", async () => {
    await withoutPostsTable(async () => {
      const res = await development.http.get("/api/posts");
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ ...internalError, stack: expect.stringContaining("\n    at ") });
    });
  });

  it("never carry a stack on a client error, even in development", async () => {
    const res = await development.http.get("/api/posts?limit=0");
    expect(res.status).toBe(400);
    expect(res.body).not.toHaveProperty("stack");
    const unknown = await development.http.get("/api/nothing");
    expect(unknown.body).toEqual({ error: "Endpoint not found", code: "not_found", endpoint: "GET /api/nothing" });
  });

  it("are logged at error with the SQLSTATE, not the database's message", async () => {
    const agent = `errors-test-${randomUUID()}`;
    await withoutPostsTable(async () => {
      await t.http.get("/api/posts").set("User-Agent", agent);
    });
    const entries = t.logs.filter((entry) => entry.userAgent === agent);
    expect(entries).toEqual([expect.objectContaining({ level: "error", status: 500, sqlState: "42P01" })]);
    expect(entries[0]).not.toHaveProperty("errorMessage");
    expect(JSON.stringify(entries[0])).not.toContain("posts_moved_away");
  });
});

describe("error logging", () => {
  it("logs every error once, with the endpoint, the client address and the user agent", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const cases: [string, (agent: string) => Promise<{ status: number }>, number, string][] = [
      ["unknown endpoint", (a) => t.http.get("/api/unknown?q=1").set("User-Agent", a), 404, "GET /api/unknown?q=1"],
      ["no session", (a) => t.http.get("/api/profile").set("User-Agent", a), 401, "GET /api/profile"],
      ["role", (a) => t.http.get("/api/users").set("User-Agent", a).set("Cookie", user.cookie), 403, "GET /api/users"],
      [
        "ownership",
        (a) =>
          t.http.put(`/api/users/${other.id}`).set("User-Agent", a).set("Cookie", user.cookie).send({ name: "Nope" }),
        403,
        `PUT /api/users/${other.id}`,
      ],
      ["validation", (a) => t.http.get("/api/posts?limit=0").set("User-Agent", a), 400, "GET /api/posts?limit=0"],
      [
        "malformed JSON",
        (a) => t.http.post("/api/users").set("User-Agent", a).set("Content-Type", "application/json").send("{"),
        400,
        "POST /api/users",
      ],
      [
        "too large",
        (a) =>
          t.http
            .post("/api/users")
            .set("User-Agent", a)
            .set("Content-Type", "application/json")
            .send(bodyOfSize(BODY_LIMIT + 1)),
        413,
        "POST /api/users",
      ],
      [
        "conflict",
        (a) =>
          t.http
            .post("/api/users")
            .set("User-Agent", a)
            .send({ name: "Dup", email: user.email, password: "long enough" }),
        409,
        "POST /api/users",
      ],
    ];
    for (const [name, send, status, endpoint] of cases) {
      const agent = `errors-test-${randomUUID()}`;
      expect((await send(agent)).status, name).toBe(status);
      const entries = t.logs.filter((entry) => entry.userAgent === agent);
      expect(entries, name).toEqual([
        expect.objectContaining({
          endpoint,
          clientAddress: expect.stringMatching(/127\.0\.0\.1$/),
          userAgent: agent,
          status,
        }),
      ]);
    }
  });
});
