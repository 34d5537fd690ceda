import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPost, signIn, signUp, unknownId, validationFailure } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { UUID } from "../db/uuid.js";

const t = useTestApp();

const ownEmailChangeRefusal = {
  error: "Change your email through POST /api/auth/change-email, which has the new address confirm it",
  code: "email_change_requires_verification",
};

const USER_KEYS = ["createdAt", "email", "id", "name", "roles", "updatedAt"];

const newUser = (over: Record<string, unknown> = {}) => ({
  name: "New User",
  email: `new-${randomUUID()}@example.com`,
  password: "a good password",
  ...over,
});

/** A user's JSON: exactly these fields, never a password, hash or token. */
function expectPublicUser(user: Record<string, unknown>) {
  expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  expect(JSON.stringify(user)).not.toMatch(/password|hash|token|sha256/i);
}

describe("POST /api/users", () => {
  it("creates a user with role USER and answers 201 {user} without credentials", async () => {
    const body = newUser();
    const res = await t.http.post("/api/users").send(body);
    expect(res.status).toBe(201);
    expectPublicUser(res.body.user);
    expect(res.body).toEqual({
      user: {
        id: expect.stringMatching(UUID),
        name: body.name,
        email: body.email,
        roles: ["USER"],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it("creates a user who can then sign in with the password given", async () => {
    const body = newUser();
    const created = await t.http.post("/api/users").send(body);
    expect(created.status).toBe(201);
    const cookie = await signIn(t.http, body);
    const profile = await t.http.get("/api/profile").set("Cookie", cookie);
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(created.body.user.id);
  });

  it("refuses a wrong password for the created user", async () => {
    const body = newUser();
    await t.http.post("/api/users").send(body);
    const res = await t.http.post("/api/auth/sign-in/email").send({ email: body.email, password: "not the password" });
    expect(res.status).toBe(401);
  });

  it("never lets the body set roles", async () => {
    const res = await t.http.post("/api/users").send(newUser({ roles: ["ADMIN"] }));
    expect(res.status).toBe(201);
    expect(res.body.user.roles).toEqual(["USER"]);
    const cookie = await signIn(t.http, { email: res.body.user.email, password: "a good password" });
    expect((await t.http.get("/api/users").set("Cookie", cookie)).status).toBe(403);
  });

  it("stores the email lower-cased", async () => {
    const res = await t.http.post("/api/users").send(newUser({ email: `MiXeD-${randomUUID()}@Example.COM` }));
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(res.body.user.email.toLowerCase());
  });

  it("answers 409 duplicate_email for an email already taken, in any letter case", async () => {
    const body = newUser();
    expect((await t.http.post("/api/users").send(body)).status).toBe(201);
    const duplicateBody = { error: "User with this email already exists", code: "duplicate_email" };
    const again = await t.http.post("/api/users").send(newUser({ email: body.email }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual(duplicateBody);
    const upper = await t.http.post("/api/users").send(newUser({ email: body.email.toUpperCase() }));
    expect(upper.status).toBe(409);
    expect(upper.body).toEqual(duplicateBody);
  });

  it("answers 409 duplicate_email for the email of a user who signed up through better-auth", async () => {
    const existing = await signUp(t);
    const res = await t.http.post("/api/users").send(newUser({ email: existing.email }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "User with this email already exists", code: "duplicate_email" });
  });

  it("requires name, email and password", async () => {
    const res = await t.http.post("/api/users").send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("body.name", "body.email", "body.password"));
  });

  it("accepts a name of 2 characters and refuses 1", async () => {
    expect((await t.http.post("/api/users").send(newUser({ name: "Al" }))).status).toBe(201);
    const res = await t.http.post("/api/users").send(newUser({ name: "A" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("body.name"));
  });

  it("accepts a password of 8 characters and refuses 7", async () => {
    expect((await t.http.post("/api/users").send(newUser({ password: "8 chars!" }))).status).toBe(201);
    const res = await t.http.post("/api/users").send(newUser({ password: "1234567" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("body.password"));
  });

  it("refuses an email that is not an email", async () => {
    const res = await t.http.post("/api/users").send(newUser({ email: "not-an-email" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("body.email"));
  });
});

describe("sign-up through better-auth", () => {
  it("gives role USER even when the body asks for ADMIN", async () => {
    const email = `signup-${randomUUID()}@example.com`;
    const res = await t.http
      .post("/api/auth/sign-up/email")
      .send({ name: "Sneaky", email, password: "a good password", roles: ["ADMIN"] });
    expect(res.status).toBe(200);
    const cookie = await signIn(t.http, { email, password: "a good password" });
    const profile = await t.http.get("/api/profile").set("Cookie", cookie);
    expect(profile.body.user.roles).toEqual(["USER"]);
    expect((await t.http.get("/api/users").set("Cookie", cookie)).status).toBe(403);
  });

  it("holds the name to the user routes' rule: 2 characters on one line, no control or text-direction characters", async () => {
    const signUpWith = (name: string) =>
      t.http
        .post("/api/auth/sign-up/email")
        .send({ name, email: `name-${randomUUID()}@example.com`, password: "a good password" });
    expect((await signUpWith("Al")).status).toBe(200);
    for (const name of [
      "A",
      "",
      "  B  ",
      "Nul\u0000",
      "Ada\nLovelace",
      "Ada\rX",
      "Tab\tbed",
      "\u202Egnp.exe",
      "Ada\u2067x",
    ]) {
      const res = await signUpWith(name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatchObject({ code: "INVALID_NAME" });
    }
  });

  it("holds the same rule on better-auth's update-user", async () => {
    const user = await signUp(t);
    const update = (name: string) =>
      t.http
        .post("/api/auth/update-user")
        .set("Cookie", user.cookie)
        .set("Origin", "http://localhost:3000")
        .send({ name });
    const refused = await update("X");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_NAME" });
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.name).toBe(user.name);
    expect((await update("Xi")).status).toBe(200);
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.name).toBe("Xi");
  });

  it("never lets update-user set roles", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/update-user")
      .set("Cookie", user.cookie)
      .set("Origin", "http://localhost:3000")
      .send({ roles: ["ADMIN"] });
    expect(res.status).toBe(400);
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual(["USER"]);
  });
});

describe("GET /api/profile", () => {
  it("returns the requestor as {user}", async () => {
    const user = await signUp(t, { name: "Profile Owner" });
    const res = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(res.status).toBe(200);
    expectPublicUser(res.body.user);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, name: "Profile Owner", roles: ["USER"] });
  });

  it("answers 401 without a session", async () => {
    const res = await t.http.get("/api/profile");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });
});

describe("GET /api/users", () => {
  it("lists users for an ADMIN as {users}", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http.get("/api/users?limit=100").set("Cookie", admin.cookie);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["users"]);
    expect(res.body.users.map((u: { id: string }) => u.id)).toContain(admin.id);
    for (const user of res.body.users) expectPublicUser(user);
  });

  it("answers 401 without a session, even with a bad query", async () => {
    const res = await t.http.get("/api/users?limit=0");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });

  it("answers 403 Insufficient role to USER and MODERATOR", async () => {
    for (const roles of [["USER"], ["MODERATOR"], ["GUEST"]] as const) {
      const user = await signUp(t, { roles: [...roles] });
      const res = await t.http.get("/api/users").set("Cookie", user.cookie);
      expect(res.status, roles.join()).toBe(403);
      expect(res.body).toEqual({ error: "Insufficient role" });
    }
  });

  it("returns 20 users by default and pages with limit and offset", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    for (let i = 0; i < 21; i++) await t.http.post("/api/users").send(newUser());
    const all = (await t.http.get("/api/users?limit=100").set("Cookie", admin.cookie)).body.users as { id: string }[];
    expect(all.length).toBeGreaterThan(21);
    expect(all.length).toBeLessThanOrEqual(100);

    const byDefault = await t.http.get("/api/users").set("Cookie", admin.cookie);
    expect(byDefault.body.users).toHaveLength(20);
    expect(byDefault.body.users.map((u: { id: string }) => u.id)).toEqual(all.slice(0, 20).map((u) => u.id));

    const page = await t.http.get("/api/users?limit=2&offset=3").set("Cookie", admin.cookie);
    expect(page.body.users.map((u: { id: string }) => u.id)).toEqual(all.slice(3, 5).map((u) => u.id));
  });

  it("accepts limit 1 and 100 and offset 0, refuses limit 0 and 101 and offset -1", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const get = (query: string) => t.http.get(`/api/users?${query}`).set("Cookie", admin.cookie);

    const one = await get("limit=1");
    expect(one.status).toBe(200);
    expect(one.body.users).toHaveLength(1);
    expect((await get("limit=100")).status).toBe(200);
    expect((await get("offset=0")).status).toBe(200);

    for (const [query, field] of [
      ["limit=0", "query.limit"],
      ["limit=101", "query.limit"],
      ["limit=abc", "query.limit"],
      ["limit=1.5", "query.limit"],
      ["offset=-1", "query.offset"],
    ]) {
      const res = await get(query!);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(validationFailure(field!));
    }
  });
});

describe("GET /api/users/:id", () => {
  it("returns any user to any signed-in user", async () => {
    const reader = await signUp(t);
    const other = await signUp(t, { name: "Other Person" });
    const res = await t.http.get(`/api/users/${other.id}`).set("Cookie", reader.cookie);
    expect(res.status).toBe(200);
    expectPublicUser(res.body.user);
    expect(res.body.user).toMatchObject({ id: other.id, email: other.email, name: "Other Person", roles: ["USER"] });
  });

  it("answers 401 without a session", async () => {
    const other = await signUp(t);
    const res = await t.http.get(`/api/users/${other.id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });

  it("answers 404 User not found for an unknown id", async () => {
    const reader = await signUp(t);
    const res = await t.http.get(`/api/users/${unknownId}`).set("Cookie", reader.cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "User not found", code: "user_not_found" });
  });

  it("answers 400 for an id that is not a UUID", async () => {
    const reader = await signUp(t);
    const res = await t.http.get("/api/users/not-a-uuid").set("Cookie", reader.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("params.id"));
  });
});

describe("PUT /api/users/:id", () => {
  it("updates the requestor's own name, the email repeated as it is", async () => {
    const user = await signUp(t);
    const email = user.email;
    const res = await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ name: "Renamed", email });
    expect(res.status).toBe(200);
    expectPublicUser(res.body.user);
    expect(res.body.user).toMatchObject({ id: user.id, name: "Renamed", email, roles: ["USER"] });
    expect(new Date(res.body.user.updatedAt).getTime()).toBeGreaterThan(new Date(res.body.user.createdAt).getTime());
    const profile = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(profile.body.user).toMatchObject({ name: "Renamed", email });
  });

  it("updates only the fields sent", async () => {
    const user = await signUp(t, { name: "Keeps Email" });
    const res = await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ name: "Bo" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: "Bo", email: user.email });
  });

  it("never lets the body change roles", async () => {
    const user = await signUp(t);
    const res = await t.http
      .put(`/api/users/${user.id}`)
      .set("Cookie", user.cookie)
      .send({ name: "Still User", roles: ["ADMIN"] });
    expect(res.status).toBe(200);
    expect(res.body.user.roles).toEqual(["USER"]);
  });

  it("authenticates before validating: a bad body without a session is 401", async () => {
    const user = await signUp(t);
    const res = await t.http.put(`/api/users/${user.id}`).send({ name: "x" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });

  it("validates before checking ownership: another user's id with a bad body is 400, with a good body 403", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const bad = await t.http.put(`/api/users/${other.id}`).set("Cookie", user.cookie).send({ name: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(validationFailure("body.name"));
    const good = await t.http.put(`/api/users/${other.id}`).set("Cookie", user.cookie).send({ name: "Good Name" });
    expect(good.status).toBe(403);
    expect(good.body).toEqual({ error: "You can only update your own profile" });
    const untouched = await t.http.get(`/api/users/${other.id}`).set("Cookie", user.cookie);
    expect(untouched.body.user.name).toBe(other.name);
  });

  it("gives admins no exemption", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const other = await signUp(t);
    const res = await t.http.put(`/api/users/${other.id}`).set("Cookie", admin.cookie).send({ name: "Admin Was Here" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You can only update your own profile" });
  });

  it("accepts a name of 2 characters and refuses 1, and refuses a bad email", async () => {
    const user = await signUp(t);
    const put = (body: object) => t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send(body);
    expect((await put({ name: "Jo" })).status).toBe(200);
    const short = await put({ name: "J" });
    expect(short.status).toBe(400);
    expect(short.body).toEqual(validationFailure("body.name"));
    const email = await put({ email: "nope" });
    expect(email.status).toBe(400);
    expect(email.body).toEqual(validationFailure("body.email"));
  });

  it("refuses a new email, which only the change-email flow may set, and keeps the address", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    for (const email of [`new-${randomUUID()}@example.com`, other.email]) {
      const res = await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ name: "Renamed", email });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(ownEmailChangeRefusal);
    }
    const profile = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(profile.body.user).toMatchObject({ email: user.email, name: user.name });
    const same = await t.http
      .put(`/api/users/${user.id}`)
      .set("Cookie", user.cookie)
      .send({ email: user.email.toUpperCase() });
    expect(same.status).toBe(200);
  });

  it("answers 400 for an id that is not a UUID", async () => {
    const user = await signUp(t);
    const res = await t.http.put("/api/users/123").set("Cookie", user.cookie).send({ name: "Good Name" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailure("params.id"));
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a user for an ADMIN with 204 and no body, and cascades to posts and sessions", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const doomed = await signUp(t);
    const post = await createPost(t, doomed);

    const res = await t.http.delete(`/api/users/${doomed.id}`).set("Cookie", admin.cookie);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    expect((await t.http.get(`/api/users/${doomed.id}`).set("Cookie", admin.cookie)).status).toBe(404);
    expect((await t.http.get(`/api/posts/${post.id}`)).status).toBe(404);
    const list = await t.http.get("/api/posts?limit=100");
    expect(list.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    // The session went with the user: the old cookie no longer authenticates.
    const stale = await t.http.get("/api/profile").set("Cookie", doomed.cookie);
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: "No auth session" });
    const signInAgain = await t.http
      .post("/api/auth/sign-in/email")
      .send({ email: doomed.email, password: doomed.password });
    expect(signInAgain.status).toBe(401);
  });

  it("answers 403 Insufficient role to a non-admin, who cannot even delete themselves", async () => {
    const user = await signUp(t);
    const res = await t.http.delete(`/api/users/${user.id}`).set("Cookie", user.cookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Insufficient role" });
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const user = await signUp(t);
    const res = await t.http.delete(`/api/users/${user.id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });

  it("answers 404 for an unknown id and 400 for a non-UUID", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const unknown = await t.http.delete(`/api/users/${unknownId}`).set("Cookie", admin.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "User not found", code: "user_not_found" });
    const bad = await t.http.delete("/api/users/nope").set("Cookie", admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(validationFailure("params.id"));
  });
});

describe("PUT /api/users/:id/roles", () => {
  it("lets an ADMIN set a user's roles, which take effect on the user's next request", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const res = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["MODERATOR", "USER"] });
    expect(res.status).toBe(200);
    expectPublicUser(res.body.user);
    expect(res.body.user).toMatchObject({ id: user.id, roles: ["MODERATOR", "USER"] });
    const profile = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(profile.body.user.roles).toEqual(["MODERATOR", "USER"]);

    const promoted = await t.http
      .put(`/api/users/${user.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["ADMIN"] });
    expect(promoted.status).toBe(200);
    expect((await t.http.get("/api/users").set("Cookie", user.cookie)).status).toBe(200);
  });

  it("answers 403 to a non-admin, including one trying to promote themselves", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const res = await t.http
      .put(`/api/users/${moderator.id}/roles`)
      .set("Cookie", moderator.cookie)
      .send({ roles: ["ADMIN"] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Insufficient role" });
    const profile = await t.http.get("/api/profile").set("Cookie", moderator.cookie);
    expect(profile.body.user.roles).toEqual(["MODERATOR"]);
  });

  it("answers 401 without a session", async () => {
    const user = await signUp(t);
    const res = await t.http.put(`/api/users/${user.id}/roles`).send({ roles: ["ADMIN"] });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "No auth session" });
  });

  it("accepts 1 to 4 distinct known roles only", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const put = (roles: unknown) =>
      t.http.put(`/api/users/${user.id}/roles`).set("Cookie", admin.cookie).send({ roles });
    const all = await put(["ADMIN", "MODERATOR", "USER", "GUEST"]);
    expect(all.status).toBe(200);
    expect(all.body.user.roles).toEqual(["ADMIN", "MODERATOR", "USER", "GUEST"]);
    for (const roles of [
      [],
      ["USER", "USER"],
      ["OWNER"],
      "ADMIN",
      ["ADMIN", "MODERATOR", "USER", "GUEST", "ADMIN"],
      undefined,
    ]) {
      const res = await put(roles);
      expect(res.status, JSON.stringify(roles)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(Object.keys(res.body.details)[0]).toMatch(/^body\.roles/);
    }
  });

  it("refuses to let an admin remove ADMIN from their own account with 409 last_admin_protection", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .put(`/api/users/${admin.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER"] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "You cannot remove the ADMIN role from your own account",
      code: "last_admin_protection",
    });
    const profile = await t.http.get("/api/profile").set("Cookie", admin.cookie);
    expect(profile.body.user.roles).toEqual(["ADMIN"]);
  });

  it("lets an admin add roles to their own account while keeping ADMIN", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .put(`/api/users/${admin.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["ADMIN", "MODERATOR"] });
    expect(res.status).toBe(200);
    expect(res.body.user.roles).toEqual(["ADMIN", "MODERATOR"]);
  });

  it("lets an admin remove ADMIN from another admin", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const other = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .put(`/api/users/${other.id}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER"] });
    expect(res.status).toBe(200);
    expect(res.body.user.roles).toEqual(["USER"]);
    expect((await t.http.get("/api/users").set("Cookie", other.cookie)).status).toBe(403);
  });

  it("answers 404 for an unknown user", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .put(`/api/users/${unknownId}/roles`)
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER"] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "User not found", code: "user_not_found" });
  });
});

describe("user JSON", () => {
  it("never carries a password, hash or token on any user route", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const responses = [
      await t.http.post("/api/users").send(newUser()),
      await t.http.get("/api/profile").set("Cookie", user.cookie),
      await t.http.get(`/api/users/${user.id}`).set("Cookie", user.cookie),
      await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ name: "Safe Name" }),
      await t.http.get("/api/users?limit=100").set("Cookie", admin.cookie),
      await t.http.get("/api/admin/users?limit=100").set("Cookie", admin.cookie),
      await t.http
        .put(`/api/users/${user.id}/roles`)
        .set("Cookie", admin.cookie)
        .send({ roles: ["USER"] }),
    ];
    for (const res of responses) {
      expect(res.status).toBeLessThan(300);
      expect(res.text).not.toMatch(/password|hash|token|sha256/i);
    }
  });
});

describe("GET /api/admin/users", () => {
  it("lists users as /api/users does, for an ADMIN only", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const user = await signUp(t);
    const viaAdmin = await t.http.get("/api/admin/users?limit=5&offset=1").set("Cookie", admin.cookie);
    const viaUsers = await t.http.get("/api/users?limit=5&offset=1").set("Cookie", admin.cookie);
    expect(viaAdmin.status).toBe(200);
    expect(viaAdmin.body).toEqual(viaUsers.body);
    expect(viaAdmin.body.users).toHaveLength(5);
    const denied = await t.http.get("/api/admin/users").set("Cookie", user.cookie);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: "Insufficient role" });
    expect((await t.http.get("/api/admin/users?limit=101").set("Cookie", admin.cookie)).status).toBe(400);
  });
});
