import * as z from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { moderationBody, postBody } from "../posts/schemas.js";
import { createUserBody, setRolesBody, updateUserBody } from "../users/schemas.js";
import { idParams, limitOffsetQuery } from "../http/validate.js";
import { operation, type OperationSpec } from "./operations.js";
import { auditEntryJson, postJson, statusJson, successJson, userJson } from "./resources.js";

const v1 = (spec: Omit<OperationSpec, "family">) => operation({ family: "v1", ...spec });

const userResult = z.object({ user: userJson });
const usersResult = z.object({ users: z.array(userJson) });
const postResult = z.object({ post: postJson });
const listWindow = { limit: z.int(), offset: z.int() };

const listUsers = (summary: string) =>
  v1({
    tag: "Users (v1)",
    summary,
    access: "ADMIN",
    query: limitOffsetQuery,
    successes: { 200: { description: "Users, oldest first", schema: usersResult } },
  });

export const v1Paths: ZodOpenApiPathsObject = {
  "/health": {
    get: {
      tags: ["Probes"],
      summary: "The process answers",
      security: [],
      responses: { 200: { description: "Running", content: { "application/json": { schema: statusJson } } } },
    },
  },
  "/ready": {
    get: v1({
      tag: "Probes",
      summary: "The database answers too",
      access: "anyone",
      successes: { 200: { description: "Ready", schema: statusJson } },
    }),
  },
  "/api/users": {
    get: listUsers("List users"),
    post: v1({
      tag: "Users (v1)",
      summary: "Create a user (who can then sign in; roles are always USER)",
      description: "Rate-limited like sign-up.",
      access: "anyone",
      body: createUserBody,
      successes: { 201: { description: "Created", schema: userResult } },
      errors: [409],
    }),
  },
  "/api/admin/users": { get: listUsers("List users (the development adminKey elevation applies)") },
  "/api/users/{id}": {
    get: v1({
      tag: "Users (v1)",
      summary: "Read a user",
      access: "session",
      path: idParams,
      successes: { 200: { description: "The user", schema: userResult } },
      errors: [404],
    }),
    put: v1({
      tag: "Users (v1)",
      summary: "Update your own name or email",
      description: "Only the user themselves; no admin exemption.",
      access: "session",
      path: idParams,
      body: updateUserBody,
      successes: { 200: { description: "The updated user", schema: userResult } },
      errors: [403, 404, 409],
    }),
    delete: v1({
      tag: "Users (v1)",
      summary: "Delete a user",
      access: "ADMIN",
      path: idParams,
      successes: { 204: { description: "Deleted" } },
      errors: [404, 409],
    }),
  },
  "/api/users/{id}/roles": {
    put: v1({
      tag: "Users (v1)",
      summary: "Set a user's roles",
      description: "An ADMIN cannot remove ADMIN from their own account (409 last_admin_protection).",
      access: "ADMIN",
      path: idParams,
      body: setRolesBody,
      successes: { 200: { description: "The user with the new roles", schema: userResult } },
      errors: [404, 409],
    }),
  },
  "/api/profile": {
    get: v1({
      tag: "Users (v1)",
      summary: "Your own user",
      access: "session",
      successes: { 200: { description: "The requestor", schema: userResult } },
      errors: [404],
    }),
  },
  "/api/posts": {
    get: v1({
      tag: "Posts (v1)",
      summary: "List posts, newest first",
      description:
        "Anonymous callers see public, visible posts; a session adds your own; MODERATOR and ADMIN also see hidden posts.",
      access: "optional-session",
      query: limitOffsetQuery,
      successes: {
        200: { description: "A window of posts", schema: z.object({ posts: z.array(postJson), ...listWindow }) },
      },
    }),
    post: v1({
      tag: "Posts (v1)",
      summary: "Create a post",
      access: "USER",
      body: postBody,
      successes: { 201: { description: "Created", schema: postResult } },
      errors: [409],
    }),
  },
  "/api/posts/{id}": {
    get: v1({
      tag: "Posts (v1)",
      summary: "Read a post",
      description: "A post you may not see is 404 post_not_found.",
      access: "optional-session",
      path: idParams,
      successes: { 200: { description: "The post", schema: postResult } },
      errors: [404],
    }),
    put: v1({
      tag: "Posts (v1)",
      summary: "Replace your own post",
      access: "USER",
      path: idParams,
      body: postBody,
      successes: { 200: { description: "The updated post", schema: postResult } },
      errors: [403, 404],
    }),
    delete: v1({
      tag: "Posts (v1)",
      summary: "Delete a post (its author or an ADMIN)",
      access: "session",
      path: idParams,
      successes: { 200: { description: "Deleted", schema: successJson } },
      errors: [403, 404],
    }),
  },
  "/api/moderate": {
    post: v1({
      tag: "Posts (v1)",
      summary: "Hide or restore a post",
      access: "MODERATOR",
      body: moderationBody,
      successes: { 200: { description: "Done", schema: successJson } },
      errors: [404],
    }),
  },
  "/api/admin/audit": {
    get: v1({
      tag: "Users (v1)",
      summary: "The audit trail, newest first",
      access: "ADMIN",
      query: limitOffsetQuery,
      successes: {
        200: { description: "Entries", schema: z.object({ entries: z.array(auditEntryJson), ...listWindow }) },
      },
    }),
  },
};
