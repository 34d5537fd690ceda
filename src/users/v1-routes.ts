import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { authorize, can, roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { validatedLimitOffset } from "../http/lists/limit-offset.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams } from "../http/validate.js";
import { createUserBody, setRolesBody, updateUserBody, userJson } from "./schemas.js";
import { deleteUserRoute } from "./delete-route.js";
import * as users from "./service.js";

const tag: Tag = "Users (v1)";
const userResult = z.object({ user: userJson });
// Unlike the other v1 lists, this one does not repeat its window.
const usersResult = z.object({ users: z.array(userJson) });
const usersList = validatedLimitOffset({ defaultSize: 20, maxSize: 100 });

const listUsers = (path: string, summary: string) =>
  route({
    method: "get",
    path,
    tag,
    summary,
    access: roleGates.listUsers,
    query: usersList.query,
    successes: { 200: { description: "Users, oldest first", schema: usersResult } },
    handler: async ({ res, input }, { db }) => {
      res.json({ users: await users.listUsers(db, input.query) });
    },
  });

/** User routes, under /api. */
export const usersV1Routes: Route[] = [
  listUsers("/users", "List users"),
  listUsers("/admin/users", "List users (the development adminKey elevation applies)"),
  route({
    method: "post",
    path: "/users",
    tag,
    summary: "Create a user (who can then sign in; roles are always USER)",
    description:
      "Rate-limited like sign-up. With REQUIRE_EMAIL_VERIFICATION, a taken address is answered like a free one (201, a record nobody can sign in to) and its owner is told by mail; otherwise 409 duplicate_email.",
    access: "anyone",
    credentialLimit: true,
    body: createUserBody,
    successes: { 201: { description: "Created", schema: userResult } },
    errors: [409],
    handler: async ({ res, input }, { db, auth, mailer }) => {
      res.status(201).json({ user: await users.registerUser(db, auth, mailer, input.body) });
    },
  }),
  // Any signed-in user reads any user's whole record here: v1 clients rely on it (v2 shows others `{id, name}`).
  route({
    method: "get",
    path: "/users/:id",
    tag,
    summary: "Read a user",
    access: "session",
    params: idParams,
    successes: { 200: { description: "The user", schema: userResult } },
    errors: [404],
    handler: async ({ res, input }, { db }) => {
      res.json({ user: await users.getUser(db, input.params.id) });
    },
  }),
  route({
    method: "put",
    path: "/users/:id",
    tag,
    summary: "Update your own name (or, as ADMIN, another user's email)",
    description:
      "The user themselves: `email` may repeat the current address; a new one is set through `POST /api/auth/change-email` (400 email_change_requires_verification). An ADMIN may set another user's email (not the name: 403): a new email is unverified, the old address gets a notice, and the change is audited (user.update_by_admin).",
    access: "session",
    params: idParams,
    body: updateUserBody,
    successes: { 200: { description: "The updated user", schema: userResult } },
    errors: [403, 404, 409],
    handler: async ({ req, res, input: { params, body } }, { db, mailer }) => {
      if (body.email !== undefined && can(actorOf(req), "user.updateOther", params)) {
        const audit = (change: Record<string, unknown>) => requestAudit(req, "user.update_by_admin", params.id, change);
        res.json({ user: await users.updateUserAsAdmin(db, mailer, params.id, body, audit) });
        return;
      }
      authorize(actorOf(req), "user.update", params);
      res.json({ user: await users.updateOwnProfile(db, params.id, body) });
    },
  }),
  deleteUserRoute("/users/:id", tag),
  route({
    method: "put",
    path: "/users/:id/roles",
    tag,
    summary: "Set a user's roles",
    description: "An ADMIN cannot remove ADMIN from their own account (409 last_admin_protection).",
    access: roleGates.setRoles,
    params: idParams,
    body: setRolesBody,
    successes: { 200: { description: "The user with the new roles", schema: userResult } },
    errors: [404, 409],
    handler: async ({ req, res, input: { params, body } }, { db }) => {
      authorize(actorOf(req), "user.setRoles", { id: params.id, roles: body.roles });
      const { user } = await users.setUserRoles(db, params.id, body.roles, ({ user: updated, previousRoles }) =>
        requestAudit(req, "user.set_roles", params.id, { roles: updated.roles, previousRoles }),
      );
      res.json({ user });
    },
  }),
  route({
    method: "get",
    path: "/profile",
    tag,
    summary: "Your own user",
    access: "session",
    successes: { 200: { description: "The requestor", schema: userResult } },
    errors: [404],
    handler: async ({ req, res }, { db }) => {
      res.json({ user: await users.getUser(db, actorOf(req).id) });
    },
  }),
];
