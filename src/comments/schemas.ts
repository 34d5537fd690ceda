import * as z from "zod";
import { visibleText } from "../http/validate.js";
import { timestamp } from "../http/wire.js";

const content = visibleText().min(1).max(2000).meta({ example: "A fine post, thank you." });

/** Create and full update (PUT). */
export const commentBody = z.object({ content });

export type CommentInput = z.infer<typeof commentBody>;

/** Partial update (PATCH): only the fields sent change. */
export const commentPatchBody = commentBody.partial();

export type CommentPatch = z.infer<typeof commentPatchBody>;

export const postParams = z.object({ postId: z.uuid() });

export const commentParams = z.object({ postId: z.uuid(), id: z.uuid() });

export const commentJson = z
  .object({
    id: z.uuid(),
    postId: z.uuid(),
    authorId: z.uuid(),
    content: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Comment" });
