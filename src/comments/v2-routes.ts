import { deletionAudit } from "../audit/service.js";
import { authorize, roleGates } from "../auth/policy.js";
import { actorOf, optionalActorOf } from "../auth/request-context.js";
import { comments as commentsTable } from "../db/schema.js";
import { cursor } from "../http/lists/cursor.js";
import { type Route, route, type Tag } from "../http/route.js";
import { findDeletablePost, findVisiblePost } from "../posts/service.js";
import { replaceAndPatch } from "../http/replace-and-patch.js";
import { commentBody, commentJson, commentParams, commentPatchBody, postParams } from "./schemas.js";
import * as comments from "./service.js";

const tag: Tag = "Comments";
const commentsList = cursor({ pageSize: 10, columns: { createdAt: commentsTable.createdAt, id: commentsTable.id } });

/**
 * /api/v2/posts/:postId/comments: whoever may see the post may read its comments (the post's
 * visibility rule is the only one); cursor pagination, newest first.
 */
export const commentsRoutes: Route[] = [
  route({
    method: "get",
    path: "/posts/:postId/comments/",
    tag,
    summary: `List a post's comments (${commentsList.label})`,
    access: "optional-session",
    params: postParams,
    list: commentsList,
    successes: {
      200: { description: "A page of comments", schema: commentsList.envelope(commentJson, "CommentPage") },
    },
    errors: [404],
    handler: async ({ req, res, input }, { db, cursors }) => {
      const post = await findVisiblePost(db, input.params.postId, optionalActorOf(req));
      res.json(await commentsList.answer(req, cursors, (page) => comments.listComments(db, post.id, page)));
    },
  }),
  route({
    method: "post",
    path: "/posts/:postId/comments/",
    tag,
    summary: "Comment on a post you can see",
    access: roleGates.writeContent,
    params: postParams,
    body: commentBody,
    successes: { 201: { description: "Created", schema: commentJson } },
    errors: [404],
    handler: async ({ req, res, input: { params, body } }, { db, logger }) => {
      const actor = actorOf(req);
      const post = await findVisiblePost(db, params.postId, actor);
      const author = { id: actor.id, name: actor.name };
      const comment = await comments.createComment(db, post, author, body);
      logger.info("Comment created", { commentId: comment.id, postId: post.id, authorId: actor.id });
      res.status(201).json(comment);
    },
  }),
  route({
    method: "get",
    path: "/posts/:postId/comments/:id/",
    tag,
    summary: "Read a comment",
    access: "optional-session",
    params: commentParams,
    successes: { 200: { description: "The comment", schema: commentJson } },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      const { postId, id } = input.params;
      const post = await findVisiblePost(db, postId, optionalActorOf(req));
      res.json(await comments.findComment(db, post.id, id));
    },
  }),
  ...replaceAndPatch(
    "your comment",
    { put: commentBody, patch: commentPatchBody },
    {
      path: "/posts/:postId/comments/:id/",
      tag,
      access: roleGates.writeContent,
      params: commentParams,
      successes: { 200: { description: "The updated comment", schema: commentJson } },
      errors: [403, 404],
      handler: async ({ req, res, input: { params, body } }, { db }) => {
        const actor = actorOf(req);
        const post = await findVisiblePost(db, params.postId, actor);
        const comment = await comments.findComment(db, post.id, params.id);
        authorize(actor, "comment.update", comment);
        res.json(await comments.updateComment(db, comment, body));
      },
    },
  ),
  route({
    method: "delete",
    path: "/posts/:postId/comments/:id/",
    tag,
    summary: "Delete a comment (its author, the post's author, a MODERATOR or an ADMIN)",
    access: "session",
    params: commentParams,
    successes: { 204: { description: "Deleted" } },
    errors: [403, 404],
    handler: async ({ req, res, input }, { db, logger }) => {
      const { postId, id } = input.params;
      const actor = actorOf(req);
      // As with posts, an ADMIN may delete on a post it cannot see (another user's private post).
      const post = await findDeletablePost(db, postId, actor);
      const comment = await comments.findComment(db, post.id, id);
      authorize(actor, "comment.delete", { comment, post });
      await comments.deleteComment(db, comment.id, () =>
        deletionAudit(req, "comment.delete", comment, { postId: post.id }),
      );
      logger.info("Comment deleted", { commentId: comment.id, postId: post.id, deletedBy: actor.id });
      res.status(204).end();
    },
  }),
];
