// OWASP API Security Top 10 (2023), API2: no route past the public ones without a real session, the
// development adminKey elevates nobody outside development, and no cross-site write gets through.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPost, signIn, signUp } from "../factories.js";
import { fillPath, isPublic, roleRoutes } from "../route-rules.js";
import {
  ALLOWED_ORIGIN,
  DEV_ADMIN_KEY,
  type Http,
  send,
  useDevelopmentApp,
  useOwaspApp,
  useProductionApp,
  useTestModeWithKeyApp,
  validPost,
} from "./helpers.js";

const { t, routes, rowsOf } = useOwaspApp();
const development = useDevelopmentApp(t);
const production = useProductionApp(t);
const testModeWithKey = useTestModeWithKeyApp(t);

const NO_SESSION = [401];

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
