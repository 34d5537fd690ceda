// OWASP API Security Top 10 (2023), API4: bodies, strings, arrays and pages are bounded, and
// credential routes and everything else are rate limited per client.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPost, signIn, signUp } from "../factories.js";
import { fillPath } from "../route-rules.js";
import { send, useAuthRateLimitedApp, useGloballyRateLimitedApp, useOwaspApp, validPost } from "./helpers.js";

const { t, routes, rowsOf } = useOwaspApp();
const limited = useAuthRateLimitedApp(t);
const limitedGlobally = useGloballyRateLimitedApp(t);

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
