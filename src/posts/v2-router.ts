import { Router } from "express";
import * as z from "zod";
import { deletionAudit } from "../audit/service.js";
import { authorize, roleGates } from "../auth/policy.js";
import { actorOf, optionalActorOf } from "../auth/request-context.js";
import { posts as postsTable } from "../db/schema.js";
import { orderingParam } from "../http/ordering.js";
import { lastPageWindow, pageNumberEnvelope, pageNumberWindow } from "../http/pagination.js";
import { idParams, text, validate } from "../http/validate.js";
import type { V2Deps } from "../deps.js";
import { postBody, postPatchBody } from "./schemas.js";
import * as posts from "./service.js";

export const postsListQuery = z.object({
  search: text().max(200).optional(),
  tag: text().max(50).optional(),
  author: z.uuid().optional(),
  ordering: orderingParam(
    { created_at: postsTable.createdAt, updated_at: postsTable.updatedAt, title: postsTable.title },
    "-created_at",
  ),
});

const list = validate({ query: postsListQuery });
const create = validate({ body: postBody });
const byId = validate({ params: idParams });
const replace = validate({ params: idParams, body: postBody });
const patch = validate({ params: idParams, body: postPatchBody });

/** /api/v2/posts: page-number pagination, full-text search, ordering, tag and author filters. */
export function postsV2Router({ db, guards, logger, postCounts }: V2Deps): Router {
  const { requireAuth, optionalAuth } = guards;
  const router = Router();

  router.get("/posts/", optionalAuth, list, async (req, res) => {
    const { ordering, ...filters } = list.input(res).query;
    const actor = optionalActorOf(req);
    let window = pageNumberWindow(req.query, { defaultSize: 20, maxSize: 100 });
    let { rows, count } = await posts.searchVisiblePosts(db, actor, filters, ordering, window, postCounts);
    if (window.last && (window = lastPageWindow(window, count)).page > 1) {
      ({ rows, count } = await posts.searchVisiblePosts(db, actor, filters, ordering, window, postCounts));
    }
    res.json(pageNumberEnvelope(req, window, count, rows));
  });

  router.post("/posts/", requireAuth(...roleGates.writeContent), create, async (req, res) => {
    const post = await posts.createPost(db, actorOf(req).id, create.input(res).body);
    logger.info("Post created", { postId: post.id, authorId: post.authorId });
    res.status(201).json(post);
  });

  router.get("/posts/:id/", optionalAuth, byId, async (req, res) => {
    res.json(await posts.findVisiblePost(db, byId.input(res).params.id, optionalActorOf(req)));
  });

  for (const [method, validator] of [
    ["put", replace],
    ["patch", patch],
  ] as const) {
    router[method]("/posts/:id/", requireAuth(...roleGates.writeContent), validator, async (req, res) => {
      const { params, body } = validator.input(res);
      const actor = actorOf(req);
      const post = await posts.findVisiblePost(db, params.id, actor);
      authorize(actor, "post.update", post);
      res.json(await posts.updatePost(db, post.id, body));
    });
  }

  router.delete("/posts/:id/", requireAuth(), byId, async (req, res) => {
    const actor = actorOf(req);
    const post = await posts.findDeletablePost(db, byId.input(res).params.id, actor);
    authorize(actor, "post.delete", post);
    await posts.deletePost(db, post.id, deletionAudit(req, "post.delete", post));
    res.status(204).end();
  });

  return router;
}
