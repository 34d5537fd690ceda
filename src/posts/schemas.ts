import * as z from "zod";
import { postStatusEnum, postVisibilityEnum } from "../db/schema.js";
import { text, visibleText } from "../http/validate.js";
import { HIDDEN_POST_READERS } from "../auth/policy.js";
import { timestamp } from "../http/wire.js";
import { rolesText } from "../roles.js";

/** A tag's longest form; the tag filters search no further, since no longer tag is stored. */
export const TAG_MAX_LENGTH = 50;

const fields = {
  title: visibleText().min(5).max(200).meta({ example: "Notes on the Analytical Engine" }),
  content: visibleText().min(10).max(50_000).meta({ example: "It might act upon other things besides number." }),
  tags: z
    .array(visibleText().min(1).max(TAG_MAX_LENGTH))
    .max(5)
    .meta({ example: ["engines", "notes"] }),
  visibility: z.enum(postVisibilityEnum.enumValues),
};

/** Create and full update (PUT): tags and visibility may be left out and take their defaults. */
export const postBody = z.object({
  ...fields,
  tags: fields.tags.default([]),
  visibility: fields.visibility.default("public"),
});

export type PostInput = z.infer<typeof postBody>;

/** Partial update (v2 PATCH): only the fields sent change. */
export const postPatchBody = z.object(fields).partial();

export type PostPatch = z.infer<typeof postPatchBody>;

export const moderationBody = z.object({
  postId: z.uuid(),
  action: z.enum(["hide", "restore"]),
  reason: text().max(500).optional(),
});

/** What a v2 posts list is filtered by. */
export interface PostFilters {
  /** Words to find in title or content, in web-search syntax ("quoted phrase", or, -not); stemmed. */
  search?: string;
  tag?: string;
  author?: string;
  /** visible or hidden; what the reader may see of either still decides (posts/visibility.ts). */
  status?: "visible" | "hidden";
}

export const postJson = z
  .object({
    id: z.uuid(),
    title: z.string(),
    content: z.string(),
    tags: z.array(z.string()),
    visibility: z.enum(postVisibilityEnum.enumValues),
    status: z.enum(postStatusEnum.enumValues).meta({
      description: `hidden: moderated; seen only by its author and by ${rolesText(HIDDEN_POST_READERS, "and")}`,
    }),
    authorId: z.uuid(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Post" });
