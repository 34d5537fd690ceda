import { Router } from "express";
import { deletionAudit } from "../audit/service.js";
import { authorize, roleGates } from "../auth/policy.js";
import { actorOf, optionalActorOf } from "../auth/request-context.js";
import { comments as commentsTable } from "../db/schema.js";
import { validate } from "../http/validate.js";
import { findDeletablePost, findVisiblePost } from "../posts/service.js";
import type { V2Deps } from "../deps.js";
import { commentBody, commentParams, commentPatchBody, postParams } from "./schemas.js";
import * as comments from "./service.js";

const PAGE_SIZE = 10;

const list = validate({ params: postParams });
const create = validate({ params: postParams, body: commentBody });
const byId = validate({ params: commentParams });
const replace = validate({ params: commentParams, body: commentBody });
const patch = validate({ params: commentParams, body: commentPatchBody });

/**
 * /api/v2/posts/:postId/comments: whoever may see the post may read its comments (the post's
 * visibility rule is the only one); cursor pagination, newest first.
 */
export function commentsRouter({ db, guards, logger, cursorPage }: V2Deps): Router {
  const { requireAuth, optionalAuth } = guards;
  const router = Router();

  router.get("/posts/:postId/comments/", optionalAuth, list, async (req, res) => {
    const post = await findVisiblePost(db, list.input(res).params.postId, optionalActorOf(req));
    const columns = { createdAt: commentsTable.createdAt, id: commentsTable.id };
    res.json(await cursorPage(req, columns, PAGE_SIZE, (page) => comments.listComments(db, post.id, page)));
  });

  router.post("/posts/:postId/comments/", requireAuth(...roleGates.writeContent), create, async (req, res) => {
    const { params, body } = create.input(res);
    const actor = actorOf(req);
    const post = await findVisiblePost(db, params.postId, actor);
    const comment = await comments.createComment(db, post, { id: actor.id, name: req.authSession!.user.name }, body);
    logger.info("Comment created", { commentId: comment.id, postId: post.id, authorId: actor.id });
    res.status(201).json(comment);
  });

  router.get("/posts/:postId/comments/:id/", optionalAuth, byId, async (req, res) => {
    const { postId, id } = byId.input(res).params;
    const post = await findVisiblePost(db, postId, optionalActorOf(req));
    res.json(await comments.findComment(db, post.id, id));
  });

  for (const [method, validator] of [
    ["put", replace],
    ["patch", patch],
  ] as const) {
    router[method](
      "/posts/:postId/comments/:id/",
      requireAuth(...roleGates.writeContent),
      validator,
      async (req, res) => {
        const { params, body } = validator.input(res);
        const actor = actorOf(req);
        const post = await findVisiblePost(db, params.postId, actor);
        const comment = await comments.findComment(db, post.id, params.id);
        authorize(actor, "comment.update", comment);
        res.json(await comments.updateComment(db, comment, body));
      },
    );
  }

  router.delete("/posts/:postId/comments/:id/", requireAuth(), byId, async (req, res) => {
    const { postId, id } = byId.input(res).params;
    const actor = actorOf(req);
    // As with posts, an ADMIN may delete on a post it cannot see (another user's private post).
    const post = await findDeletablePost(db, postId, actor);
    const comment = await comments.findComment(db, post.id, id);
    authorize(actor, "comment.delete", { comment, post });
    await comments.deleteComment(db, comment.id, deletionAudit(req, "comment.delete", comment, { postId: post.id }));
    logger.info("Comment deleted", { commentId: comment.id, postId: post.id, deletedBy: actor.id });
    res.status(204).end();
  });

  return router;
}
