import type { Request } from "express";
import { deletionAudit } from "../audit/service.js";
import { authorize } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import type { DrizzleDb } from "../db/client.js";
import type { Logger } from "../logging/logger.js";
import type { PostInput, PostPatch } from "./schemas.js";
import * as posts from "./service.js";

// What a post write does in either API version; each version's route answers in its own shape.

/** A post by the acting user. */
export async function createOwnPost(req: Request, body: PostInput, { db, logger }: { db: DrizzleDb; logger: Logger }) {
  const post = await posts.createPost(db, actorOf(req).id, body);
  logger.info("Post created", { postId: post.id, authorId: post.authorId });
  return post;
}

/** The acting user's own post, on one they can see, changed. */
export async function updateOwnPost(req: Request, db: DrizzleDb, id: string, body: PostInput | PostPatch) {
  const actor = actorOf(req);
  const post = await posts.findVisiblePost(db, id, actor);
  authorize(actor, "post.update", post);
  return posts.updatePost(db, post.id, body);
}

/** Deleted by its author, or an ADMIN (who reaches every post), and audited. */
export async function deletePostAs(req: Request, db: DrizzleDb, id: string): Promise<void> {
  const actor = actorOf(req);
  const post = await posts.findDeletablePost(db, id, actor);
  authorize(actor, "post.delete", post);
  await posts.deletePost(db, post.id, () => deletionAudit(req, "post.delete", post));
}
