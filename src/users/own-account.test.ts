// An ADMIN can neither take ADMIN from their own account nor delete it (409), in either version;
// "own" is the account of whoever really sent the request, also while impersonating someone.
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();

const SELF_DELETION = { error: "You cannot delete your own account", code: "self_deletion" };
const LAST_ADMIN = { error: "You cannot remove the ADMIN role from your own account", code: "last_admin_protection" };

async function rolesOf(userId: string, admin: { cookie: string }) {
  const res = await t.http.get(`/api/users/${userId}`).set("Cookie", admin.cookie);
  expect(res.status).toBe(200);
  return res.body.user.roles as string[];
}

describe("an ADMIN's own account", () => {
  it("cannot be deleted by its ADMIN: 409 self_deletion in v1, the same code in v2", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const v1 = await t.http.delete(`/api/users/${admin.id}`).set("Cookie", admin.cookie);
    expect(v1.status).toBe(409);
    expect(v1.body).toEqual(SELF_DELETION);
    const v2 = await t.http.delete(`/api/v2/users/${admin.id}/`).set("Cookie", admin.cookie);
    expect(v2.status).toBe(409);
    expect(v2.body).toEqual({ detail: SELF_DELETION.error, code: SELF_DELETION.code });
    expect(await rolesOf(admin.id, admin)).toEqual(["ADMIN"]);
  });

  it("cannot be deleted by its ADMIN while impersonating another user", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t);
    for (const path of [`/api/users/${admin.id}`, `/api/v2/users/${admin.id}/`]) {
      const res = await t.http.delete(path).query({ impersonatingUser: ada.id }).set("Cookie", admin.cookie);
      expect(res.status, path).toBe(409);
    }
    expect(await rolesOf(admin.id, admin)).toEqual(["ADMIN"]);
  });

  it("can be deleted by another ADMIN, also one impersonating its owner", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const other = await signUp(t, { roles: ["ADMIN"] });
    const third = await signUp(t, { roles: ["ADMIN"] });
    const res = await t.http
      .delete(`/api/users/${other.id}`)
      .query({ impersonatingUser: other.id })
      .set("Cookie", admin.cookie);
    expect(res.status).toBe(204);
    expect((await t.http.delete(`/api/v2/users/${third.id}/`).set("Cookie", admin.cookie)).status).toBe(204);
  });

  it("keeps ADMIN when its ADMIN, impersonating another user, tries to remove it", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const ada = await signUp(t);
    const res = await t.http
      .put(`/api/users/${admin.id}/roles`)
      .query({ impersonatingUser: ada.id })
      .set("Cookie", admin.cookie)
      .send({ roles: ["USER"] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(LAST_ADMIN);
    expect(await rolesOf(admin.id, admin)).toEqual(["ADMIN"]);
  });

  it("lets an impersonating ADMIN change the roles of the impersonated user, ADMIN included", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const other = await signUp(t, { roles: ["ADMIN", "MODERATOR"] });
    const res = await t.http
      .put(`/api/users/${other.id}/roles`)
      .query({ impersonatingUser: other.id })
      .set("Cookie", admin.cookie)
      .send({ roles: ["MODERATOR"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.roles).toEqual(["MODERATOR"]);
  });
});
