import * as z from "zod";
import { roleGates } from "../auth/policy.js";
import { optionalActorOf } from "../auth/request-context.js";
import { posts as postsTable } from "../db/schema.js";
import { pageNumber } from "../http/lists/page-number.js";
import { orderingParam } from "../http/ordering.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams, text } from "../http/validate.js";
import { replaceAndPatch } from "../http/replace-and-patch.js";
import { postBody, postJson, postPatchBody, TAG_MAX_LENGTH } from "./schemas.js";
import { createOwnPost, deletePostAs, updateOwnPost } from "./actor-writes.js";
import * as posts from "./service.js";

const tag: Tag = "Posts";
const postsList = pageNumber({ defaultSize: 20, maxSize: 100 });

const postsListQuery = z.object({
  search: text().max(200).optional(),
  tag: text().max(TAG_MAX_LENGTH).optional(),
  author: z.uuid().optional(),
  status: z
    .enum(["visible", "hidden"])
    .optional()
    .meta({ description: "hidden: posts moderation hid (a MODERATOR or ADMIN sees them all, anyone else their own)" }),
  ordering: orderingParam(
    { created_at: postsTable.createdAt, updated_at: postsTable.updatedAt, title: postsTable.title },
    "-created_at",
  ),
});

/** /api/v2/posts: page-number pagination, full-text search, ordering, tag and author filters. */
export const postsV2Routes: Route[] = [
  route({
    method: "get",
    path: "/posts/",
    tag,
    summary: `List posts (${postsList.label})`,
    description:
      "Same visibility as v1. `search` is full text over title and content (web-search syntax); `status` keeps visible or hidden posts; `ordering` takes created_at, updated_at, title, comma-separated, `-` for descending.",
    access: "optional-session",
    query: postsListQuery,
    list: postsList,
    successes: { 200: { description: "A page of posts", schema: postsList.envelope(postJson, "PostPage") } },
    errors: [404],
    handler: async ({ req, res, input }, { db, postCounts }) => {
      const { ordering, ...filters } = input.query;
      const actor = optionalActorOf(req);
      res.json(
        await postsList.answer(req, (window) =>
          posts.searchVisiblePosts(db, actor, filters, ordering, window, postCounts),
        ),
      );
    },
  }),
  route({
    method: "post",
    path: "/posts/",
    tag,
    summary: "Create a post",
    access: roleGates.writeContent,
    body: postBody,
    successes: { 201: { description: "Created", schema: postJson } },
    errors: [409],
    handler: async ({ req, res, input }, { db, logger }) => {
      const post = await createOwnPost(req, input.body, { db, logger });
      res.status(201).json(post);
    },
  }),
  route({
    method: "get",
    path: "/posts/:id/",
    tag,
    summary: "Read a post",
    access: "optional-session",
    params: idParams,
    successes: { 200: { description: "The post", schema: postJson } },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      res.json(await posts.findVisiblePost(db, input.params.id, optionalActorOf(req)));
    },
  }),
  ...replaceAndPatch(
    "your post",
    { put: postBody, patch: postPatchBody },
    {
      path: "/posts/:id/",
      tag,
      access: roleGates.writeContent,
      params: idParams,
      successes: { 200: { description: "The updated post", schema: postJson } },
      errors: [403, 404],
      handler: async ({ req, res, input: { params, body } }, { db }) => {
        res.json(await updateOwnPost(req, db, params.id, body));
      },
    },
  ),
  route({
    method: "delete",
    path: "/posts/:id/",
    tag,
    summary: "Delete a post (its author or an ADMIN)",
    access: "session",
    params: idParams,
    successes: { 204: { description: "Deleted" } },
    errors: [403, 404],
    handler: async ({ req, res, input }, { db }) => {
      await deletePostAs(req, db, input.params.id);
      res.status(204).end();
    },
  }),
];
