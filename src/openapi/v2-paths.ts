import * as z from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { commentBody, commentParams, commentPatchBody, postParams } from "../comments/schemas.js";
import { idParams } from "../http/validate.js";
import { notificationBody } from "../notifications/v2-router.js";
import { postBody, postPatchBody } from "../posts/schemas.js";
import { postsListQuery } from "../posts/v2-router.js";
import { tagsQuery } from "../tags/v2-router.js";
import { createUserBody, updateUserBody } from "../users/schemas.js";
import { usersListQuery } from "../users/v2-router.js";
import { type Access, operation, type OperationSpec } from "./operations.js";
import {
  commentJson,
  countedPage,
  cursorPage,
  notificationJson,
  postJson,
  ownUserJson,
  publicUserJson,
  tagJson,
  userJson,
} from "./resources.js";

const v2 = (spec: Omit<OperationSpec, "family">) => operation({ family: "v2", ...spec });

// The list windows are read leniently, as DRF does (a malformed size falls back to the default),
// so they are described here rather than validated by the routes' schemas.
const pageNumberQuery = z.object({
  page: z
    .union([z.int().min(1), z.literal("last")])
    .optional()
    .meta({ description: 'From 1, or `last`; past the last page: 404 {detail: "Invalid page."}' }),
  page_size: z.int().min(1).optional().meta({ description: "Default 20, capped at 100" }),
});
const limitOffsetQuery = z.object({
  limit: z.int().min(1).optional().meta({ description: "Default 10, capped at 100" }),
  offset: z.int().min(0).optional().meta({ description: "Default 0" }),
});
const cursorQuery = z.object({
  cursor: z
    .string()
    .optional()
    .meta({ description: "Opaque: follow `next` and `previous` as given; an altered cursor is 400" }),
});

const postsPage = countedPage(postJson, "PostPage");
const usersPage = countedPage(userJson, "UserPage");
const commentsPage = cursorPage(commentJson, "CommentPage");
const notificationsPage = cursorPage(notificationJson, "NotificationPage");
const deleted = { 204: { description: "Deleted" } };

function updates(
  tag: string,
  what: string,
  access: Access,
  path: z.ZodObject,
  schema: z.ZodType,
  bodies: { put: z.ZodType; patch: z.ZodType },
  errors: number[],
) {
  const update = (summary: string, body: z.ZodType) =>
    v2({
      tag,
      summary,
      access,
      path,
      body,
      successes: { 200: { description: `The updated ${what}`, schema } },
      errors,
    });
  return { put: update(`Replace ${what}`, bodies.put), patch: update(`Change some fields of ${what}`, bodies.patch) };
}

export const v2Paths: ZodOpenApiPathsObject = {
  "/api/v2/posts/": {
    get: v2({
      tag: "Posts",
      summary: "List posts (page number)",
      description:
        "Same visibility as v1. `search` is full text over title and content (web-search syntax); `ordering` takes created_at, updated_at, title, comma-separated, `-` for descending.",
      access: "optional-session",
      query: postsListQuery.extend(pageNumberQuery.shape),
      successes: { 200: { description: "A page of posts", schema: postsPage } },
      errors: [404],
    }),
    post: v2({
      tag: "Posts",
      summary: "Create a post",
      access: "USER",
      body: postBody,
      successes: { 201: { description: "Created", schema: postJson } },
      errors: [409],
    }),
  },
  "/api/v2/posts/{id}/": {
    get: v2({
      tag: "Posts",
      summary: "Read a post",
      access: "optional-session",
      path: idParams,
      successes: { 200: { description: "The post", schema: postJson } },
      errors: [404],
    }),
    ...updates("Posts", "your post", "USER", idParams, postJson, { put: postBody, patch: postPatchBody }, [403, 404]),
    delete: v2({
      tag: "Posts",
      summary: "Delete a post (its author or an ADMIN)",
      access: "session",
      path: idParams,
      successes: deleted,
      errors: [403, 404],
    }),
  },
  "/api/v2/posts/{postId}/comments/": {
    get: v2({
      tag: "Comments",
      summary: "List a post's comments (cursor, newest first, 10 a page)",
      access: "optional-session",
      path: postParams,
      query: cursorQuery,
      successes: { 200: { description: "A page of comments", schema: commentsPage } },
      errors: [404],
    }),
    post: v2({
      tag: "Comments",
      summary: "Comment on a post you can see",
      access: "USER",
      path: postParams,
      body: commentBody,
      successes: { 201: { description: "Created", schema: commentJson } },
      errors: [404],
    }),
  },
  "/api/v2/posts/{postId}/comments/{id}/": {
    get: v2({
      tag: "Comments",
      summary: "Read a comment",
      access: "optional-session",
      path: commentParams,
      successes: { 200: { description: "The comment", schema: commentJson } },
      errors: [404],
    }),
    ...updates(
      "Comments",
      "your comment",
      "USER",
      commentParams,
      commentJson,
      { put: commentBody, patch: commentPatchBody },
      [403, 404],
    ),
    delete: v2({
      tag: "Comments",
      summary: "Delete a comment (its author, the post's author, a MODERATOR or an ADMIN)",
      access: "session",
      path: commentParams,
      successes: deleted,
      errors: [403, 404],
    }),
  },
  "/api/v2/users/": {
    get: v2({
      tag: "Users",
      summary: "List users (limit/offset)",
      description: "`search` matches name and email; `ordering` takes created_at, name, email.",
      access: "ADMIN",
      query: usersListQuery.extend(limitOffsetQuery.shape),
      successes: { 200: { description: "A window of users", schema: usersPage } },
    }),
    post: v2({
      tag: "Users",
      summary: "Create a user",
      access: "anyone",
      body: createUserBody,
      successes: { 201: { description: "Created", schema: userJson } },
      errors: [409],
    }),
  },
  "/api/v2/users/{id}/": {
    get: v2({
      tag: "Users",
      summary: "Read a user",
      access: "session",
      path: idParams,
      successes: {
        200: {
          description:
            "The whole record, with `emailVerified`, for that user and ADMIN; the public view for anyone else",
          schema: z.union([ownUserJson, publicUserJson]),
        },
      },
      errors: [404],
    }),
    ...updates(
      "Users",
      "your own user",
      "session",
      idParams,
      ownUserJson,
      { put: updateUserBody.required(), patch: updateUserBody },
      [403, 404, 409],
    ),
    delete: v2({
      tag: "Users",
      summary: "Delete a user",
      access: "ADMIN",
      path: idParams,
      successes: deleted,
      errors: [404, 409],
    }),
  },
  "/api/v2/notifications/": {
    get: withEventStream(
      v2({
        tag: "Notifications",
        summary:
          "Your notifications (cursor, newest first, 10 a page), or with Accept: text/event-stream their live stream",
        access: "session",
        query: cursorQuery,
        successes: { 200: { description: "A page of notifications", schema: notificationsPage } },
      }),
    ),
    post: v2({
      tag: "Notifications",
      summary: "Send a user a notification",
      access: "ADMIN",
      body: notificationBody,
      successes: { 201: { description: "Sent", schema: notificationJson } },
    }),
  },
  "/api/v2/notifications/{id}/": {
    get: v2({
      tag: "Notifications",
      summary: "Read one of your notifications",
      access: "session",
      path: idParams,
      successes: { 200: { description: "The notification", schema: notificationJson } },
      errors: [404],
    }),
    delete: v2({
      tag: "Notifications",
      summary: "Delete one of your notifications",
      access: "session",
      path: idParams,
      successes: deleted,
      errors: [404],
    }),
  },
  "/api/v2/tags/": {
    get: v2({
      tag: "Tags",
      summary: "The 100 most used tags of public, visible posts (not paginated)",
      description: "`search` keeps the tags that start with it (case-insensitive).",
      access: "anyone",
      query: tagsQuery,
      successes: { 200: { description: "Tags with their post counts", schema: z.array(tagJson) } },
    }),
  },
};

/**
 * The list's 200 may also be a server-sent event stream (Accept: text/event-stream): each event
 * has the notification's id, `event: notification` and the list's JSON object as its data.
 * `Last-Event-ID` replays what was missed.
 */
function withEventStream(operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const ok = operation.responses?.["200"];
  if (ok && !("$ref" in ok)) {
    ok.content = {
      ...ok.content,
      "text/event-stream": {
        schema: z.string().meta({
          description:
            "id: <notification id>\nevent: notification\ndata: <the notification's JSON>\n\n; a comment line every 25 s",
        }),
      },
    };
  }
  return operation;
}
