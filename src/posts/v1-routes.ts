import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { HIDDEN_POST_READERS, roleGates } from "../auth/policy.js";
import { actorOf, optionalActorOf } from "../auth/request-context.js";
import { validatedLimitOffset } from "../http/lists/limit-offset.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams } from "../http/validate.js";
import { rolesText } from "../roles.js";
import { successJson } from "../http/wire.js";
import { moderationBody, postBody, postJson } from "./schemas.js";
import { createOwnPost, deletePostAs, updateOwnPost } from "./actor-writes.js";
import * as posts from "./service.js";

const tag: Tag = "Posts (v1)";
const postResult = z.object({ post: postJson });
const postsList = validatedLimitOffset({ defaultSize: 20, maxSize: 100 });

/** Post and moderation routes, under /api. */
export const postsV1Routes: Route[] = [
  route({
    method: "get",
    path: "/posts",
    tag,
    summary: "List posts, newest first",
    description:
      "Anonymous callers see public, visible posts; a session adds your own; " +
      `${rolesText(HIDDEN_POST_READERS, "and")} also see hidden posts.`,
    access: "optional-session",
    query: postsList.query,
    successes: { 200: { description: "A window of posts", schema: postsList.envelope("posts", postJson) } },
    handler: async ({ req, res, input }, { db }) => {
      const page = input.query;
      res.json({ posts: await posts.listVisiblePosts(db, optionalActorOf(req), page), ...page });
    },
  }),
  route({
    method: "post",
    path: "/posts",
    tag,
    summary: "Create a post",
    access: roleGates.writeContent,
    body: postBody,
    successes: { 201: { description: "Created", schema: postResult } },
    errors: [409],
    handler: async ({ req, res, input }, { db, logger }) => {
      const post = await createOwnPost(req, input.body, { db, logger });
      res.status(201).json({ post });
    },
  }),
  route({
    method: "get",
    path: "/posts/:id",
    tag,
    summary: "Read a post",
    description: "A post you may not see is 404 post_not_found.",
    access: "optional-session",
    params: idParams,
    successes: { 200: { description: "The post", schema: postResult } },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      res.json({ post: await posts.findVisiblePost(db, input.params.id, optionalActorOf(req)) });
    },
  }),
  route({
    method: "put",
    path: "/posts/:id",
    tag,
    summary: "Replace your own post",
    access: roleGates.writeContent,
    params: idParams,
    body: postBody,
    successes: { 200: { description: "The updated post", schema: postResult } },
    errors: [403, 404],
    handler: async ({ req, res, input: { params, body } }, { db }) => {
      res.json({ post: await updateOwnPost(req, db, params.id, body) });
    },
  }),
  route({
    method: "delete",
    path: "/posts/:id",
    tag,
    summary: "Delete a post (its author or an ADMIN)",
    access: "session",
    params: idParams,
    successes: { 200: { description: "Deleted", schema: successJson } },
    errors: [403, 404],
    handler: async ({ req, res, input }, { db }) => {
      await deletePostAs(req, db, input.params.id);
      res.json({ success: true });
    },
  }),
  route({
    method: "post",
    path: "/moderate",
    tag,
    summary: "Hide or restore a post",
    access: roleGates.moderatePosts,
    body: moderationBody,
    successes: { 200: { description: "Done", schema: successJson } },
    errors: [404],
    handler: async ({ req, res, input }, { db, logger }) => {
      const { postId, action, reason } = input.body;
      const actor = actorOf(req);
      await posts.findVisiblePost(db, postId, actor);
      await posts.setPostStatus(db, postId, action === "hide" ? "hidden" : "visible", () =>
        requestAudit(req, "post.moderate", postId, { action, reason }),
      );
      logger.info("Post moderated", { moderatorId: actor.id, postId, action, reason });
      res.json({ success: true });
    },
  }),
];
