import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { authorize, can, roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { users as usersTable } from "../db/schema.js";
import { ROLES } from "../roles.js";
import { limitOffset } from "../http/lists/limit-offset.js";
import { orderingParam } from "../http/ordering.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams, text } from "../http/validate.js";
import { replaceAndPatch } from "../http/replace-and-patch.js";
import { createUserBody, ownUserJson, publicUserJson, updateUserBody, userJson } from "./schemas.js";
import { deleteUserRoute } from "./delete-route.js";
import * as users from "./service.js";

const tag: Tag = "Users";
const usersList = limitOffset({ defaultSize: 10, maxSize: 100 });

const usersListQuery = z.object({
  search: text().max(200).optional(),
  role: z.enum(ROLES).optional().meta({ description: "Only users holding this role" }),
  ordering: orderingParam(
    { created_at: usersTable.createdAt, name: usersTable.name, email: usersTable.email },
    "created_at",
  ),
});

/**
 * /api/v2/users: limit/offset pagination, search on name and email, ordering. The list is for
 * ADMIN, who sees whole records; another user's record is the public view for anyone else.
 */
export const usersV2Routes: Route[] = [
  route({
    method: "get",
    path: "/users/",
    tag,
    summary: `List users (${usersList.label})`,
    description:
      "`search` matches name and email; `role` keeps users holding that role; `ordering` takes created_at, name, email.",
    access: roleGates.listUsers,
    query: usersListQuery,
    list: usersList,
    successes: { 200: { description: "A window of users", schema: usersList.envelope(userJson, "UserPage") } },
    handler: async ({ req, res, input }, { db }) => {
      const { search, role, ordering } = input.query;
      res.json(await usersList.answer(req, (window) => users.searchUsers(db, { search, role }, ordering, window)));
    },
  }),
  route({
    method: "post",
    path: "/users/",
    tag,
    summary: "Create a user",
    description:
      "With REQUIRE_EMAIL_VERIFICATION, a taken address is answered like a free one (201, a record nobody can sign in to) and its owner is told by mail; otherwise 409 duplicate_email.",
    access: "anyone",
    credentialLimit: true,
    body: createUserBody,
    successes: { 201: { description: "Created", schema: userJson } },
    errors: [409],
    handler: async ({ res, input }, { db, auth, mailer }) => {
      res.status(201).json(await users.registerUser(db, auth, mailer, input.body));
    },
  }),
  route({
    method: "get",
    path: "/users/:id/",
    tag,
    summary: "Read a user",
    access: "session",
    params: idParams,
    successes: {
      200: {
        description: "The whole record, with `emailVerified`, for that user and ADMIN; the public view for anyone else",
        schema: z.union([ownUserJson, publicUserJson]),
      },
    },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      const user = await users.getUserRecord(db, input.params.id);
      res.json(can(actorOf(req), "user.readPrivate", user) ? user : users.publicViewOf(user));
    },
  }),
  ...replaceAndPatch(
    "your own user",
    { put: updateUserBody.required(), patch: updateUserBody },
    {
      path: "/users/:id/",
      tag,
      description:
        "The user themselves: `email` may repeat the current address; a new one is set through `POST /api/auth/change-email` (400 email_change_requires_verification). An ADMIN may set another user's email (not the name: 403): a new email is unverified, the old address gets a notice, and the change is audited (user.update_by_admin).",
      access: "session",
      params: idParams,
      successes: { 200: { description: "The updated user", schema: ownUserJson } },
      errors: [403, 404, 409],
      handler: async ({ req, res, input: { params, body } }, { db, mailer }) => {
        if (body.email !== undefined && can(actorOf(req), "user.updateOther", params)) {
          await users.updateUserAsAdmin(db, mailer, params.id, body, (change) =>
            requestAudit(req, "user.update_by_admin", params.id, change),
          );
          res.json(await users.getUserRecord(db, params.id));
          return;
        }
        authorize(actorOf(req), "user.update", params);
        await users.updateOwnProfile(db, params.id, body);
        // The same whole record GET answers to those who may update it.
        res.json(await users.getUserRecord(db, params.id));
      },
    },
  ),
  deleteUserRoute("/users/:id/", tag),
];
