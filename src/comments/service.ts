import { and, eq } from "drizzle-orm";
import { type Audit, recordAudit } from "../audit/service.js";
import type { DrizzleDb } from "../db/client.js";
import { comments } from "../db/schema.js";
import { responses } from "../http/errors.js";
import type { CursorQuery } from "../http/lists/cursor.js";
import { positionOf } from "../http/lists/cursor.js";
import { notify } from "../notifications/service.js";
import type { Post } from "../posts/service.js";
import type { CommentInput, CommentPatch } from "./schemas.js";

export const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  authorId: comments.authorId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

export type Comment = Awaited<ReturnType<typeof findComment>>;

/** One cursor page of a post's comments, for the cursor paginator; the caller has checked the post is visible. */
export function listComments(db: DrizzleDb, postId: string, page: CursorQuery) {
  return db
    .select({ ...commentColumns, position: positionOf(comments.createdAt) })
    .from(comments)
    .where(and(eq(comments.postId, postId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/** A comment of this post; the id of a comment under another post is "not found" too. */
export async function findComment(db: DrizzleDb, postId: string, id: string) {
  const [comment] = await db
    .select(commentColumns)
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.postId, postId)));
  if (!comment) throw responses.notFound();
  return comment;
}

/**
 * Writes the comment and, when someone else's post was commented on, the notification to its
 * author, in one transaction (a savepoint when the caller already holds one).
 */
export async function createComment(
  db: DrizzleDb,
  post: Pick<Post, "id" | "title" | "authorId">,
  author: { id: string; name: string },
  input: CommentInput,
) {
  // A post or author deleted since the visibility check fails the insert's foreign key, which the
  // central error handler maps (db/errors.ts).
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(comments)
      .values({ postId: post.id, authorId: author.id, content: input.content })
      .returning(commentColumns);
    if (post.authorId !== author.id) {
      await notify(tx, {
        userId: post.authorId,
        type: "comment",
        message: `${author.name} commented on your post "${post.title}"`,
        postId: post.id,
      });
    }
    return comment!;
  });
}

export async function updateComment(db: DrizzleDb, comment: Comment, input: CommentInput | CommentPatch) {
  // A PATCH that sends no field changes nothing, not even updatedAt.
  if (input.content === undefined) return comment;
  const [updated] = await db
    .update(comments)
    .set({ content: input.content })
    .where(eq(comments.id, comment.id))
    .returning(commentColumns);
  if (!updated) throw responses.notFound();
  return updated;
}

/** Deletes a comment and records the audit entry, if any, in the same transaction. */
export async function deleteComment(db: DrizzleDb, id: string, audit?: Audit<{ id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
    if (!deleted) throw responses.notFound();
    await recordAudit(tx, audit?.(deleted));
  });
}
