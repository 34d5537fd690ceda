import * as z from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { moderationBody, postBody } from "../posts/schemas.js";
import { createUserBody, setRolesBody, updateUserBody } from "../users/schemas.js";
import { idParams, limitOffsetQuery } from "../http/validate.js";
import { operation, type OperationSpec } from "./operations.js";
import { auditEntryJson, postJson, readyJson, statusJson, successJson, userJson } from "./resources.js";

/** The v1 operations under one tag of the documentation. */
const v1 = (tag: string) => (spec: Omit<OperationSpec, "family" | "tag">) => operation({ family: "v1", tag, ...spec });
const probe = v1("Probes");
const usersV1 = v1("Users (v1)");
const postsV1 = v1("Posts (v1)");

const userResult = z.object({ user: userJson });
const usersResult = z.object({ users: z.array(userJson) });
const postResult = z.object({ post: postJson });
const listWindow = { limit: z.int(), offset: z.int() };

const listUsers = (summary: string) =>
  usersV1({
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
    get: probe({
      summary: "The database answers too",
      access: "anyone",
      successes: { 200: { description: "Ready", schema: readyJson } },
    }),
  },
  "/api/users": {
    get: listUsers("List users"),
    post: usersV1({
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
    get: usersV1({
      summary: "Read a user",
      access: "session",
      path: idParams,
      successes: { 200: { description: "The user", schema: userResult } },
      errors: [404],
    }),
    put: usersV1({
      summary: "Update your own name or email",
      description: "Only the user themselves; no admin exemption.",
      access: "session",
      path: idParams,
      body: updateUserBody,
      successes: { 200: { description: "The updated user", schema: userResult } },
      errors: [403, 404, 409],
    }),
    delete: usersV1({
      summary: "Delete a user",
      access: "ADMIN",
      path: idParams,
      successes: { 204: { description: "Deleted" } },
      errors: [404, 409],
    }),
  },
  "/api/users/{id}/roles": {
    put: usersV1({
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
    get: usersV1({
      summary: "Your own user",
      access: "session",
      successes: { 200: { description: "The requestor", schema: userResult } },
      errors: [404],
    }),
  },
  "/api/posts": {
    get: postsV1({
      summary: "List posts, newest first",
      description:
        "Anonymous callers see public, visible posts; a session adds your own; MODERATOR and ADMIN also see hidden posts.",
      access: "optional-session",
      query: limitOffsetQuery,
      successes: {
        200: { description: "A window of posts", schema: z.object({ posts: z.array(postJson), ...listWindow }) },
      },
    }),
    post: postsV1({
      summary: "Create a post",
      access: "USER",
      body: postBody,
      successes: { 201: { description: "Created", schema: postResult } },
      errors: [409],
    }),
  },
  "/api/posts/{id}": {
    get: postsV1({
      summary: "Read a post",
      description: "A post you may not see is 404 post_not_found.",
      access: "optional-session",
      path: idParams,
      successes: { 200: { description: "The post", schema: postResult } },
      errors: [404],
    }),
    put: postsV1({
      summary: "Replace your own post",
      access: "USER",
      path: idParams,
      body: postBody,
      successes: { 200: { description: "The updated post", schema: postResult } },
      errors: [403, 404],
    }),
    delete: postsV1({
      summary: "Delete a post (its author or an ADMIN)",
      access: "session",
      path: idParams,
      successes: { 200: { description: "Deleted", schema: successJson } },
      errors: [403, 404],
    }),
  },
  "/api/moderate": {
    post: postsV1({
      summary: "Hide or restore a post",
      access: "MODERATOR",
      body: moderationBody,
      successes: { 200: { description: "Done", schema: successJson } },
      errors: [404],
    }),
  },
  "/api/admin/audit": {
    get: usersV1({
      summary: "The audit trail, newest first",
      access: "ADMIN",
      query: limitOffsetQuery,
      successes: {
        200: { description: "Entries", schema: z.object({ entries: z.array(auditEntryJson), ...listWindow }) },
      },
    }),
  },
};
