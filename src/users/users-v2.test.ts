import { describe, expect, it } from "vitest";
import { signUp, unknownId, v2Errors } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();
const { notAuthenticated, forbidden } = v2Errors;

describe("GET /api/v2/users/ limit/offset pagination", () => {
  it("pages by limit and offset with count, absolute next and previous links", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    for (let i = 0; i < 12; i++) await signUp(t, { name: `Pager ${String(i).padStart(2, "0")}` });
    const list = (query: string) =>
      t.http.get(`/api/v2/users/?search=pager&ordering=name${query}`).set("Cookie", admin.cookie);

    const first = await list("");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(Object.fromEntries(new URL(first.body.next).searchParams)).toEqual({
      search: "pager",
      ordering: "name",
      limit: "10",
      offset: "10",
    });

    const middle = await list("&limit=5&offset=5");
    expect(middle.body.results.map((u: { name: string }) => u.name)).toEqual([
      "Pager 05",
      "Pager 06",
      "Pager 07",
      "Pager 08",
      "Pager 09",
    ]);
    // As DRF: the link back to the first page carries no offset.
    expect(Object.fromEntries(new URL(middle.body.previous).searchParams)).toEqual({
      search: "pager",
      ordering: "name",
      limit: "5",
    });

    const last = await list("&limit=5&offset=10");
    expect(last.body.results).toHaveLength(2);
    expect(last.body.next).toBeNull();

    const past = await list("&offset=50");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ count: 12, next: null, results: [] });
  });

  it("caps limit at 100 and falls back to the defaults for malformed values", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const size = async (query: string) =>
      (await t.http.get(`/api/v2/users/?${query}`).set("Cookie", admin.cookie)).body.results.length;
    const total = (await t.http.get("/api/v2/users/").set("Cookie", admin.cookie)).body.count;
    expect(await size("")).toBe(Math.min(10, total));
    expect(await size("limit=1")).toBe(1);
    expect(await size("limit=101")).toBe(Math.min(100, total));
    for (const query of ["limit=0", "limit=abc", "limit=-1", "offset=-3", "offset=x"])
      expect(await size(query), query).toBe(Math.min(10, total));
  });

  it("searches name and email case-insensitively, with LIKE wildcards taken literally", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t, { name: "Ada Lovelace-Search" });
    const search = async (term: string) =>
      (
        await t.http.get(`/api/v2/users/?search=${encodeURIComponent(term)}`).set("Cookie", admin.cookie)
      ).body.results.map((u: { id: string }) => u.id);
    expect(await search("lovelace-search")).toEqual([ada.id]);
    expect(await search(ada.email.toUpperCase())).toEqual([ada.id]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("orders by name, email and created_at in both directions; an unknown field is 400", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const names = (res: { body: { results: { name: string }[] } }) => res.body.results.map((u) => u.name);
    for (const name of ["Order Bravo", "Order Alpha", "Order Charlie"]) await signUp(t, { name });
    const asc = await t.http.get("/api/v2/users/?search=order%20&ordering=name").set("Cookie", admin.cookie);
    expect(names(asc)).toEqual(["Order Alpha", "Order Bravo", "Order Charlie"]);
    const desc = await t.http.get("/api/v2/users/?search=order%20&ordering=-name").set("Cookie", admin.cookie);
    expect(names(desc)).toEqual(["Order Charlie", "Order Bravo", "Order Alpha"]);
    const created = await t.http.get("/api/v2/users/?search=order%20&ordering=-created_at").set("Cookie", admin.cookie);
    expect(names(created)).toEqual(["Order Charlie", "Order Alpha", "Order Bravo"]);
    expect((await t.http.get("/api/v2/users/?ordering=email").set("Cookie", admin.cookie)).status).toBe(200);
    const bad = await t.http.get("/api/v2/users/?ordering=password").set("Cookie", admin.cookie);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["ordering"]);
  });

  it("filters by role, with search, and answers 400 JSON for a role that does not exist", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"], name: "Role Filter Admin" });
    const moderator = await signUp(t, { roles: ["MODERATOR"], name: "Role Filter Moderator" });
    const both = await signUp(t, { roles: ["MODERATOR", "USER"], name: "Role Filter Both" });
    await signUp(t, { name: "Role Filter User" });
    const ids = async (query: string) => {
      const res = await t.http.get(`/api/v2/users/?${query}`).set("Cookie", admin.cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((u: { id: string }) => u.id).sort();
    };
    expect(await ids("search=role%20filter&role=MODERATOR")).toEqual([moderator.id, both.id].sort());
    expect(await ids("search=role%20filter&role=ADMIN")).toEqual([admin.id]);
    const everyAdmin = await t.http.get("/api/v2/users/?role=ADMIN&limit=100").set("Cookie", admin.cookie);
    expect(everyAdmin.body.results.every((u: { roles: string[] }) => u.roles.includes("ADMIN"))).toBe(true);
    expect(everyAdmin.body.count).toBe(everyAdmin.body.results.length);
    for (const role of ["admin", "ROOT", ""]) {
      const bad = await t.http.get(`/api/v2/users/?role=${role}`).set("Cookie", admin.cookie);
      expect(bad.status, role).toBe(400);
      expect(bad.headers["content-type"]).toMatch(/json/);
      expect(Object.keys(bad.body)).toEqual(["role"]);
    }
  });

  it("is for ADMIN only", async () => {
    const user = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    for (const cookie of [user.cookie, moderator.cookie]) {
      const res = await t.http.get("/api/v2/users/").set("Cookie", cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    const anonymous = await t.http.get("/api/v2/users/");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(notAuthenticated);
  });
});

describe("/api/v2/users/<id>/", () => {
  it("creates a user who can sign in, answering the bare user", async () => {
    const email = `v2-${Date.now()}@example.com`;
    const res = await t.http
      .post("/api/v2/users/")
      .send({ name: "Created v2", email, password: "long enough", roles: ["ADMIN"] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      name: "Created v2",
      roles: ["USER"],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const signIn = await t.http.post("/api/auth/sign-in/email").send({ email, password: "long enough" });
    expect(signIn.status).toBe(200);
    const duplicate = await t.http.post("/api/v2/users").send({ name: "Again", email, password: "long enough" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ detail: "User with this email already exists", code: "duplicate_email" });
  });

  it("retrieves another user's public view {id, name} for a non-ADMIN, 404 Not found. for an unknown id", async () => {
    const user = await signUp(t);
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const other = await signUp(t, { name: "Other Person" });
    for (const reader of [user, moderator]) {
      const res = await t.http.get(`/api/v2/users/${other.id}/`).set("Cookie", reader.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: other.id, name: "Other Person" });
    }
    const missing = await t.http.get(`/api/v2/users/${unknownId}/`).set("Cookie", user.cookie);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Not found." });
  });

  it("retrieves the whole record for the user themselves and for an ADMIN, impersonating or not", async () => {
    const user = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const whole = {
      id: user.id,
      email: user.email,
      name: user.name,
      roles: ["USER"],
      emailVerified: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    expect((await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie)).body).toEqual(whole);
    expect((await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", admin.cookie)).body).toEqual(whole);
    const actingAs = await t.http
      .get(`/api/v2/users/${user.id}/`)
      .query({ impersonatingUser: user.id })
      .set("Cookie", admin.cookie);
    expect(actingAs.body).toEqual(whole);
  });

  it("keeps the v1 retrieve whole for any signed-in user", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const res = await t.http.get(`/api/users/${other.id}`).set("Cookie", user.cookie);
    expect(res.body.user).toMatchObject({ id: other.id, email: other.email, roles: ["USER"] });
  });

  it("lets users PATCH and PUT only themselves; PUT needs every field", async () => {
    const user = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const patched = await t.http
      .patch(`/api/v2/users/${user.id}/`)
      .set("Cookie", user.cookie)
      .send({ name: "Renamed" });
    expect(patched.body).toMatchObject({ name: "Renamed", email: user.email });
    const partialPut = await t.http
      .put(`/api/v2/users/${user.id}/`)
      .set("Cookie", user.cookie)
      .send({ name: "Only name" });
    expect(partialPut.status).toBe(400);
    expect(Object.keys(partialPut.body)).toEqual(["email"]);
    const put = await t.http
      .put(`/api/v2/users/${user.id}`)
      .set("Cookie", user.cookie)
      .send({ name: "Put name", email: user.email });
    expect(put.body).toMatchObject({ name: "Put name", email: user.email });
    // A new address goes through the change-email flow only, where it must confirm itself.
    for (const method of ["put", "patch"] as const) {
      const changed = await t.http[method](`/api/v2/users/${user.id}/`)
        .set("Cookie", user.cookie)
        .send({ name: "Put name", email: `put-${Date.now()}@example.com` });
      expect(changed.status).toBe(400);
      expect(changed.body).toEqual({
        detail: "Change your email through POST /api/auth/change-email, which has the new address confirm it",
        code: "email_change_requires_verification",
      });
    }
    const after = await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie);
    expect(after.body.email).toBe(user.email);
    const byAdmin = await t.http
      .patch(`/api/v2/users/${user.id}/`)
      .set("Cookie", admin.cookie)
      .send({ name: "Admin was here" });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toEqual(forbidden);
  });

  it("refuses a name with a line break or a text-direction override, keeping the stored one", async () => {
    const user = await signUp(t);
    for (const name of ["Two\nlines", "\u202Egnp.exe"]) {
      const res = await t.http.patch(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie).send({ name });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ name: ["Must be one line, without control or text-direction characters"] });
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.name).toBe(user.name);
  });

  it("deletes for ADMIN only, with 204", async () => {
    const user = await signUp(t);
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const self = await t.http.delete(`/api/v2/users/${user.id}/`).set("Cookie", user.cookie);
    expect(self.status).toBe(403);
    const res = await t.http.delete(`/api/v2/users/${user.id}/`).set("Cookie", admin.cookie);
    expect(res.status).toBe(204);
    expect((await t.http.get(`/api/v2/users/${user.id}/`).set("Cookie", admin.cookie)).status).toBe(404);
  });
});
