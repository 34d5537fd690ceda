// OWASP API Security Top 10 (2023), API5: every role route refuses the roles below it, and no
// header or spelling of a path reaches another function.
import { beforeAll, describe, expect, it } from "vitest";
import { createPost, signUp, type TestUser, unknownId } from "../factories.js";
import { fillPath, roleRoutes } from "../route-rules.js";
import { send, useOwaspApp, validPost } from "./helpers.js";

const { t, routes } = useOwaspApp();

const FORBIDDEN = [403];

describe("API5:2023 Broken Function Level Authorization", () => {
  const users: Partial<Record<"GUEST" | "USER" | "MODERATOR" | "ADMIN", TestUser>> = {};
  beforeAll(async () => {
    for (const role of ["GUEST", "USER", "MODERATOR", "ADMIN"] as const)
      users[role] = await signUp(t, { roles: [role] });
  });

  const VALID_BODIES: Record<string, unknown> = {
    "PUT /api/users/:id/roles": { roles: ["USER"] },
    "POST /api/moderate": { postId: unknownId, action: "hide" },
    "POST /api/v2/notifications/": { userId: unknownId, message: "Hello" },
  };

  it("answers 401 anonymously and 403 to every role below the route's, on every role route", async () => {
    const outcomes: string[] = [];
    for (const route of roleRoutes(routes)) {
      const allowed = route.access?.kind === "roles" ? route.access.roles : [];
      const body = VALID_BODIES[route.line];
      const anonymous = await send(t.http, route.method, fillPath(route.path), { body });
      if (anonymous.status !== 401) outcomes.push(`${route.line} anonymous -> ${anonymous.status}`);
      for (const role of ["GUEST", "USER", "MODERATOR"] as const) {
        if (allowed.includes(role)) continue;
        const res = await send(t.http, route.method, fillPath(route.path), { cookie: users[role]!.cookie, body });
        if (!FORBIDDEN.includes(res.status)) outcomes.push(`${route.line} ${role} -> ${res.status}`);
        expect(res.body.error ?? res.body.detail).toMatch(/Insufficient role|permission/);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it("lets every allowed role through each role route (so the refusals above are the rule)", async () => {
    for (const route of roleRoutes(routes)) {
      const allowed = route.access?.kind === "roles" ? route.access.roles : [];
      for (const role of allowed) {
        const res = await send(t.http, route.method, fillPath(route.path), {
          cookie: users[role as "ADMIN"]!.cookie,
          body: VALID_BODIES[route.line],
        });
        expect([401, 403], `${route.line} as ${role}`).not.toContain(res.status);
      }
    }
  });

  it("lets a GUEST read what a signed-in user reads, but not write posts or comments; its own it may delete", async () => {
    const guest = await signUp(t);
    const own = await createPost(t, guest, { visibility: "private" });
    const comment = await t.http
      .post(`/api/v2/posts/${own.id}/comments/`)
      .set("Cookie", guest.cookie)
      .send({ content: "Before demotion" });
    expect(comment.status).toBe(201);
    await t.http
      .put(`/api/users/${guest.id}/roles`)
      .set("Cookie", users.ADMIN!.cookie)
      .send({ roles: ["GUEST"] });
    const other = await createPost(t, users.USER!);
    for (const path of [
      "/api/profile",
      `/api/posts/${own.id}`,
      `/api/v2/posts/${own.id}/`,
      `/api/v2/posts/${other.id}/comments/`,
      `/api/users/${users.USER!.id}`,
    ]) {
      expect((await t.http.get(path).set("Cookie", guest.cookie)).status, path).toBe(200);
    }
    const writes = [
      t.http.post("/api/posts").send(validPost),
      t.http.put(`/api/posts/${own.id}`).send(validPost),
      t.http.post("/api/v2/posts/").send(validPost),
      t.http.patch(`/api/v2/posts/${own.id}/`).send({ title: "Edited by a guest" }),
      t.http.post(`/api/v2/posts/${other.id}/comments/`).send({ content: "A guest's comment" }),
      t.http.patch(`/api/v2/posts/${own.id}/comments/${comment.body.id}/`).send({ content: "Edited" }),
    ];
    for (const write of writes) expect((await write.set("Cookie", guest.cookie)).status).toBe(403);
    expect(
      (await t.http.delete(`/api/v2/posts/${own.id}/comments/${comment.body.id}/`).set("Cookie", guest.cookie)).status,
    ).toBe(204);
    expect((await t.http.delete(`/api/posts/${own.id}`).set("Cookie", guest.cookie)).status).toBe(200);
  });

  it("keeps a demoted user out from the next request on", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const demoted = await signUp(t, { roles: ["ADMIN"] });
    expect((await t.http.get("/api/users").set("Cookie", demoted.cookie)).status).toBe(200);
    expect(
      (
        await t.http
          .put(`/api/users/${demoted.id}/roles`)
          .set("Cookie", admin.cookie)
          .send({ roles: ["USER"] })
      ).status,
    ).toBe(200);
    expect((await t.http.get("/api/users").set("Cookie", demoted.cookie)).status).toBe(403);
  });

  it("does not let a method override header or a case change reach another function", async () => {
    const user = users.USER!;
    for (const header of ["X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"]) {
      const res = await t.http.get(`/api/users/${user.id}`).set("Cookie", user.cookie).set(header, "DELETE");
      expect(res.status).toBe(200);
    }
    expect((await t.http.get("/API/USERS").set("Cookie", user.cookie)).status).toBe(403);
    expect((await t.http.get("/api/users/").set("Cookie", user.cookie)).status).toBe(403);
  });
});
