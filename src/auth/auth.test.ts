import { createHash } from "node:crypto";
import type * as nodeCrypto from "node:crypto";
import express from "express";
import supertest from "supertest";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signIn, signUp, type TestUser, unknownId, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { errorHandler } from "../http/error-handler.js";
import { findUser } from "../users/service.js";
import { createAuthGuards } from "./require-auth.js";
import { hasAnyRole, isRequestFromUser, isResourceOwner } from "./request-context.js";
import { createSessionCache } from "./session-cache.js";
import { hasMinimumRole, ROLES } from "../roles.js";

// Timing cannot be measured reliably over HTTP; the comparison itself is observed instead,
// through a spy that passes every call on to node's own timingSafeEqual.
const crypto = vi.hoisted(() => ({ timingSafeEqual: vi.fn() }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  crypto.timingSafeEqual.mockImplementation(actual.timingSafeEqual);
  return { ...actual, timingSafeEqual: crypto.timingSafeEqual };
});

const ADMIN_KEY = "0123456789abcdef-dev";
const PRODUCTION_SECRET = "a-production-secret-of-at-least-32-characters";

// The main app runs in development with an admin key; the others share its database.
const t = useTestApp({ NODE_ENV: "development", DEV_MODE_ADMIN_KEY: ADMIN_KEY });
const production = useSecondApp(t, {
  NODE_ENV: "production",
  BETTER_AUTH_SECRET: PRODUCTION_SECRET,
  RATE_LIMIT_ENABLED: "false",
  DEV_MODE_ADMIN_KEY: ADMIN_KEY,
});
const testMode = useSecondApp(t, { NODE_ENV: "test", DEV_MODE_ADMIN_KEY: ADMIN_KEY });
const shortKey = useSecondApp(t, { NODE_ENV: "development", DEV_MODE_ADMIN_KEY: "only-15-chars!!" });

const noAuthSession = { error: "No auth session" };
const insufficientRole = { error: "Insufficient role" };

/** A small app on the real guards and error handler, for the guards and predicates no route uses alone. */
let guarded: ReturnType<typeof supertest>;
beforeAll(() => {
  const { requireAuth } = createAuthGuards({
    auth: t.auth,
    db: t.database.db,
    config: t.config,
    logger: t.logger,
    sessionCache: createSessionCache(t.changes, t.config.sessionCacheMs),
    accounts: { findUser: (id) => findUser(t.database.db, id) },
  });
  const app = express();
  const describeRequest: express.RequestHandler = (req, res) => {
    const subject = typeof req.query.subject === "string" ? req.query.subject : "";
    res.json({
      requestorId: req.requestorId,
      sessionUserId: req.authSession?.user.id,
      sessionUserName: req.authSession?.user.name,
      isAdmin: req.actor?.isAdmin,
      isModeratorOrAdmin: hasAnyRole(req, "MODERATOR", "ADMIN"),
      isGuest: hasAnyRole(req, "GUEST"),
      ownsSubject: isResourceOwner(req, subject),
      isFromSubject: isRequestFromUser(req, subject),
    });
  };
  app.get("/any", requireAuth(), describeRequest);
  app.get("/user", requireAuth("USER"), describeRequest);
  app.get("/admin", requireAuth("ADMIN"), describeRequest);
  app.get("/moderator-or-guest", requireAuth("MODERATOR", "GUEST"), describeRequest);
  app.use(errorHandler({ config: t.config, logger: t.logger }));
  guarded = supertest(app);
});

describe("requireAuth: the session", () => {
  it("answers 401 {error: No auth session} without a cookie, with a forged one and after sign-out", async () => {
    const user = await signUp(t);
    for (const cookie of [undefined, "auth.session_token=forged.signature", "other_session_token=x"]) {
      const req = t.http.get("/api/profile");
      const res = cookie ? await req.set("Cookie", cookie) : await req;
      expect(res.status, cookie).toBe(401);
      expect(res.body).toEqual(noAuthSession);
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
    const out = await t.http
      .post("/api/auth/sign-out")
      .set("Cookie", user.cookie)
      .set("Origin", "http://localhost:3000");
    expect(out.status).toBe(200);
    const after = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(noAuthSession);
  });

  it("checks the session before anything else, adminKey and impersonation included", async () => {
    const user = await signUp(t);
    const res = await t.http.get(`/api/admin/users?adminKey=${ADMIN_KEY}&impersonatingUser=${user.id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(noAuthSession);
  });

  it("attaches the session and the requestor id", async () => {
    const user = await signUp(t);
    const res = await guarded.get(`/any?subject=${user.id}`).set("Cookie", user.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      requestorId: user.id,
      sessionUserId: user.id,
      sessionUserName: user.name,
      isAdmin: false,
      isModeratorOrAdmin: false,
      isGuest: false,
      ownsSubject: true,
      isFromSubject: true,
    });
  });
});

describe("requireAuth: allowed roles", () => {
  let users: Record<"admin" | "moderator" | "user" | "guest", TestUser>;
  beforeAll(async () => {
    users = {
      admin: await signUp(t, { roles: ["ADMIN"] }),
      moderator: await signUp(t, { roles: ["MODERATOR"] }),
      user: await signUp(t, { roles: ["USER"] }),
      guest: await signUp(t, { roles: ["GUEST"] }),
    };
  });

  const expected: Record<string, Record<keyof typeof users, number>> = {
    // requireAuth() only needs a session.
    "/any": { admin: 200, moderator: 200, user: 200, guest: 200 },
    // requireAuth("USER") allows role USER (and admins, who pass every check); holding a higher role is not holding USER.
    "/user": { admin: 200, moderator: 403, user: 200, guest: 403 },
    "/admin": { admin: 200, moderator: 403, user: 403, guest: 403 },
    // Any one of the allowed roles is enough.
    "/moderator-or-guest": { admin: 200, moderator: 200, user: 403, guest: 200 },
  };

  for (const [path, byUser] of Object.entries(expected)) {
    it(`guards ${path} by role`, async () => {
      for (const [name, status] of Object.entries(byUser)) {
        const res = await guarded.get(path).set("Cookie", users[name as keyof typeof users].cookie);
        expect(res.status, `${name} on ${path}`).toBe(status);
        if (status === 403) expect(res.body).toEqual(insufficientRole);
      }
      const anonymous = await guarded.get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(noAuthSession);
    });
  }

  it("computes hasAnyRole and isResourceOwner from the session", async () => {
    const admin = await guarded.get(`/any?subject=${users.user.id}`).set("Cookie", users.admin.cookie);
    expect(admin.body).toMatchObject({
      isAdmin: true,
      isModeratorOrAdmin: true,
      isGuest: false,
      ownsSubject: false,
      isFromSubject: false,
    });
    const moderator = await guarded.get(`/any?subject=${users.moderator.id}`).set("Cookie", users.moderator.cookie);
    expect(moderator.body).toMatchObject({
      isAdmin: false,
      isModeratorOrAdmin: true,
      ownsSubject: true,
      isFromSubject: true,
    });
    const guest = await guarded.get("/any").set("Cookie", users.guest.cookie);
    expect(guest.body).toMatchObject({ isModeratorOrAdmin: false, isGuest: true, ownsSubject: false });
  });
});

describe("hasMinimumRole", () => {
  const rank = { ADMIN: 3, MODERATOR: 2, USER: 1, GUEST: 0 } as const;
  for (const userRole of ROLES) {
    for (const requiredRole of ROLES) {
      const holds = rank[userRole] >= rank[requiredRole];
      it(`${holds ? "holds" : "fails"} for ${userRole} against ${requiredRole}`, () => {
        expect(hasMinimumRole(userRole, requiredRole)).toBe(holds);
      });
    }
  }
});

describe("development admin elevation through adminKey", () => {
  it("treats the caller as admin for that request only, in development with the configured key", async () => {
    const user = await signUp(t);
    const elevated = await t.http.get(`/api/admin/users?adminKey=${ADMIN_KEY}`).set("Cookie", user.cookie);
    expect(elevated.status).toBe(200);
    expect(elevated.body.users.map((u: { id: string }) => u.id)).toContain(user.id);
    expect((await t.http.get(`/api/users?adminKey=${ADMIN_KEY}&limit=1`).set("Cookie", user.cookie)).status).toBe(200);
    const next = await t.http.get("/api/admin/users").set("Cookie", user.cookie);
    expect(next.status).toBe(403);
    expect(next.body).toEqual(insufficientRole);
  });

  it("refuses a wrong, longer, shorter, empty or repeated key", async () => {
    const user = await signUp(t);
    const wrong = `${ADMIN_KEY.slice(0, -1)}X`;
    for (const query of [
      `adminKey=${wrong}`,
      `adminKey=${ADMIN_KEY}x`,
      `adminKey=${ADMIN_KEY.slice(0, -1)}`,
      "adminKey=",
      `adminKey=${ADMIN_KEY}&adminKey=${ADMIN_KEY}`,
      `adminkey=${ADMIN_KEY}`,
    ]) {
      const res = await t.http.get(`/api/admin/users?${query}`).set("Cookie", user.cookie);
      expect(res.status, query).toBe(403);
      expect(res.body).toEqual(insufficientRole);
    }
  });

  it("compares the key in constant time, whatever the length of the guess", async () => {
    const user = await signUp(t);
    for (const guess of ["x", `${ADMIN_KEY.slice(0, -1)}X`, `${ADMIN_KEY}-and-much-longer`]) {
      crypto.timingSafeEqual.mockClear();
      const res = await t.http.get(`/api/admin/users?adminKey=${encodeURIComponent(guess)}`).set("Cookie", user.cookie);
      expect(res.status).toBe(403);
      // The session cookie's signature is compared the same way; the key's comparison is the one of the guess's digest.
      const guessDigest = createHash("sha256").update(guess).digest();
      const keyComparisons = (crypto.timingSafeEqual.mock.calls as [Buffer, Buffer][]).filter(([a]) =>
        guessDigest.equals(a),
      );
      expect(keyComparisons, guess).toHaveLength(1);
      const [a, b] = keyComparisons[0]!;
      expect(a.length).toBe(b.length);
      expect(a.length).toBe(32);
    }
  });

  it("logs the elevation at debug, without the key", async () => {
    const user = await signUp(t);
    await t.http.get(`/api/admin/users?adminKey=${ADMIN_KEY}`).set("Cookie", user.cookie);
    const entries = t.logs.filter(
      (entry) => entry.userId === user.id && entry.message === "Admin elevation through adminKey",
    );
    expect(entries).toEqual([
      expect.objectContaining({ level: "debug", endpoint: "GET /api/admin/users?adminKey=[redacted]" }),
    ]);
    expect(t.logText()).not.toContain(ADMIN_KEY);
  });

  it("is ignored in production, in test mode and with a key shorter than 16 characters", async () => {
    const user = await signUp(t);
    const productionCookie = await signIn(production.http, user);
    const inProduction = await production.http
      .get(`/api/admin/users?adminKey=${ADMIN_KEY}`)
      .set("Cookie", productionCookie);
    expect(inProduction.status).toBe(403);
    expect(inProduction.body).toEqual(insufficientRole);
    const inTestMode = await testMode.http.get(`/api/admin/users?adminKey=${ADMIN_KEY}`).set("Cookie", user.cookie);
    expect(inTestMode.status).toBe(403);
    const short = await shortKey.http.get("/api/admin/users?adminKey=only-15-chars!!").set("Cookie", user.cookie);
    expect(short.status).toBe(403);
    expect(short.body).toEqual(insufficientRole);
    expect(production.logText()).not.toContain("Admin elevation");
  });
});

describe("admin impersonation", () => {
  it("acts as the target: requestor and session user are both replaced", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t, { name: "Impersonated" });
    const res = await guarded
      .get(`/any?impersonatingUser=${target.id}&subject=${target.id}`)
      .set("Cookie", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      requestorId: target.id,
      sessionUserId: target.id,
      sessionUserName: target.name,
      ownsSubject: true,
      // The admin flag is computed before impersonation.
      isAdmin: true,
      isModeratorOrAdmin: false,
    });
    const profile = await t.http.get(`/api/profile?impersonatingUser=${target.id}`).set("Cookie", admin.cookie);
    expect(profile.body.user).toMatchObject({ id: target.id, name: "Impersonated", roles: ["USER"] });
  });

  it("writes as the target: a post gets the target as author, and the target's profile can be updated", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t);
    const post = await t.http
      .post(`/api/posts?impersonatingUser=${target.id}`)
      .set("Cookie", admin.cookie)
      .send({ title: "Written for you", content: "By an admin, as you." });
    expect(post.status).toBe(201);
    expect(post.body.post.authorId).toBe(target.id);
    const update = await t.http
      .put(`/api/users/${target.id}?impersonatingUser=${target.id}`)
      .set("Cookie", admin.cookie)
      .send({ name: "Fixed By Support" });
    expect(update.status).toBe(200);
    expect(update.body.user.name).toBe("Fixed By Support");
  });

  it("keeps the admin authorized while acting as a non-admin", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t, { roles: ["GUEST"] });
    const res = await t.http.get(`/api/users?impersonatingUser=${target.id}`).set("Cookie", admin.cookie);
    expect(res.status).toBe(200);
    const moderated = await t.http
      .post(`/api/moderate?impersonatingUser=${target.id}`)
      .set("Cookie", admin.cookie)
      .send({ postId: unknownId, action: "hide" });
    expect(moderated.status).toBe(404);
  });

  it("is ignored for callers who are not admin", async () => {
    const target = await signUp(t);
    for (const roles of [["USER"], ["MODERATOR"]] as const) {
      const caller = await signUp(t, { roles: [...roles] });
      const profile = await t.http.get(`/api/profile?impersonatingUser=${target.id}`).set("Cookie", caller.cookie);
      expect(profile.status).toBe(200);
      expect(profile.body.user.id).toBe(caller.id);
      const update = await t.http
        .put(`/api/users/${target.id}?impersonatingUser=${target.id}`)
        .set("Cookie", caller.cookie)
        .send({ name: "Hijacked" });
      expect(update.status).toBe(403);
      expect(update.body).toEqual({ error: "You can only update your own profile" });
    }
  });

  it("answers 400 {error: User <id> not found} for an unknown id and for an id that is not a UUID", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    for (const id of [unknownId, "not-a-uuid", "42"]) {
      const res = await t.http.get(`/api/profile?impersonatingUser=${id}`).set("Cookie", admin.cookie);
      expect(res.status, id).toBe(400);
      expect(res.body).toEqual({ error: `User ${id} not found` });
    }
  });

  it("works through adminKey elevation in development", async () => {
    const user = await signUp(t);
    const target = await signUp(t);
    const res = await t.http
      .get(`/api/profile?adminKey=${ADMIN_KEY}&impersonatingUser=${target.id}`)
      .set("Cookie", user.cookie);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(target.id);
  });

  it("works in production", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t, { name: "Production Target" });
    const cookie = await signIn(production.http, admin);
    expect(cookie).toMatch(/^__Secure-auth\.session_token=/);
    const res = await production.http.get(`/api/profile?impersonatingUser=${target.id}`).set("Cookie", cookie);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: target.id, name: "Production Target" });
    const missing = await production.http.get(`/api/profile?impersonatingUser=${unknownId}`).set("Cookie", cookie);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: `User ${unknownId} not found` });
  });

  it("logs the impersonation at debug with the admin and the target", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const target = await signUp(t);
    await t.http.get(`/api/profile?impersonatingUser=${target.id}`).set("Cookie", admin.cookie);
    const entries = t.logs.filter((entry) => entry.message === "Admin impersonation" && entry.adminId === admin.id);
    expect(entries).toEqual([expect.objectContaining({ level: "debug", adminId: admin.id, targetId: target.id })]);
  });
});

describe("better-auth's session endpoint", () => {
  it("returns the session user with roles and no credentials", async () => {
    const user = await signUp(t, { roles: ["MODERATOR"] });
    const res = await t.http.get("/api/auth/get-session").set("Cookie", user.cookie);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, roles: ["MODERATOR"] });
    expect(res.body.session).toMatchObject({ userId: user.id, expiresAt: expect.any(String) });
    expect(JSON.stringify(res.body.user)).not.toMatch(/password|hash/i);
  });
});

describe("the session cookie", () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await signUp(t);
  });

  it("is auth.session_token, HttpOnly and SameSite=Lax; Secure in production", async () => {
    const res = await t.http.post("/api/auth/sign-in/email").send({ email: user.email, password: user.password });
    const cookie = (res.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith("auth.session_token="))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
    const inProduction = await production.http
      .post("/api/auth/sign-in/email")
      .send({ email: user.email, password: user.password });
    const secure = (inProduction.headers["set-cookie"] as unknown as string[]).find((c) =>
      c.includes("auth.session_token="),
    )!;
    expect(secure).toMatch(/^__Secure-auth\.session_token=.*; Secure/i);
  });
});
