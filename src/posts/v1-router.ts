import { Router } from "express";
import type { AppDeps } from "../deps.js";
import { deletionAudit, recordAudit, requestAudit } from "../audit/service.js";
import { authorize, roleGates } from "../auth/policy.js";
import { actorOf, optionalActorOf } from "../auth/request-context.js";
import { idParams, limitOffsetQuery, validate } from "../http/validate.js";
import { moderationBody, postBody } from "./schemas.js";
import * as posts from "./service.js";

const create = validate({ body: postBody });
const list = validate({ query: limitOffsetQuery });
const byId = validate({ params: idParams });
const update = validate({ params: idParams, body: postBody });
const moderate = validate({ body: moderationBody });

/** Post and moderation routes, mounted at /api. */
export function postsRouter({ db, guards, logger }: AppDeps): Router {
  const { requireAuth, optionalAuth } = guards;
  const router = Router();

  router.post("/posts", requireAuth(...roleGates.writeContent), create, async (req, res) => {
    const post = await posts.createPost(db, actorOf(req).id, create.input(res).body);
    logger.info("Post created", { postId: post.id, authorId: post.authorId });
    res.status(201).json({ post });
  });

  router.get("/posts", optionalAuth, list, async (req, res) => {
    const page = list.input(res).query;
    res.json({ posts: await posts.listVisiblePosts(db, optionalActorOf(req), page), ...page });
  });

  router.get("/posts/:id", optionalAuth, byId, async (req, res) => {
    res.json({ post: await posts.findVisiblePost(db, byId.input(res).params.id, optionalActorOf(req)) });
  });

  router.put("/posts/:id", requireAuth(...roleGates.writeContent), update, async (req, res) => {
    const { params, body } = update.input(res);
    const actor = actorOf(req);
    const post = await posts.findVisiblePost(db, params.id, actor);
    authorize(actor, "post.update", post);
    res.json({ post: await posts.updatePost(db, post.id, body) });
  });

  router.delete("/posts/:id", requireAuth(), byId, async (req, res) => {
    const actor = actorOf(req);
    const post = await posts.findDeletablePost(db, byId.input(res).params.id, actor);
    authorize(actor, "post.delete", post);
    await posts.deletePost(db, post.id, deletionAudit(req, "post.delete", post));
    res.json({ success: true });
  });

  router.post("/moderate", requireAuth(...roleGates.moderatePosts), moderate, async (req, res) => {
    const { postId, action, reason } = moderate.input(res).body;
    const actor = actorOf(req);
    await posts.findVisiblePost(db, postId, actor);
    await db.transaction(async (tx) => {
      await posts.setPostStatus(tx, postId, action === "hide" ? "hidden" : "visible");
      await recordAudit(tx, requestAudit(req, "post.moderate", postId, { action, reason }));
    });
    logger.info("Post moderated", { moderatorId: actor.id, postId, action, reason });
    res.json({ success: true });
  });

  return router;
}
