import * as z from "zod";
import { HIDDEN_POST_READERS } from "../auth/policy.js";
import { roleSchema } from "../auth/roles.js";
import { notificationTypeEnum, postStatusEnum, postVisibilityEnum } from "../db/schema.js";
import { emailAddress } from "../users/schemas.js";
import { rolesText } from "./operations.js";

// What the routes answer, declared once. The routes select exactly these columns; the test
// harness validates every response of the suite against the document built from these schemas,
// so a column added to a response without its field here fails the suite.

const timestamp = z.iso.datetime({ offset: true });

export const userJson = z
  .object({
    id: z.uuid(),
    email: emailAddress(),
    name: z.string(),
    roles: z.array(roleSchema),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "User" });

/** A user's record as v2 shows it to that user and ADMIN: with whether the address is verified. */
export const ownUserJson = userJson.extend({ emailVerified: z.boolean() }).meta({ id: "OwnUser" });

/** Another user's record, as v2 shows it to anyone but that user and ADMIN. */
export const publicUserJson = z.object({ id: z.uuid(), name: z.string() }).meta({ id: "PublicUser" });

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

export const notificationJson = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    type: z.enum(notificationTypeEnum.enumValues),
    message: z.string(),
    postId: z.uuid().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Notification" });

export const tagJson = z.object({ name: z.string(), count: z.int().min(1) }).meta({ id: "TagCount" });

export const auditEntryJson = z
  .object({
    id: z.uuid(),
    actorId: z
      .uuid()
      .nullable()
      .meta({ description: "Kept after the actor's account is deleted; null for the operator CLI" }),
    actorEmail: z.string().nullable().meta({ description: "The actor's email when the entry was written" }),
    action: z.string(),
    targetId: z.string().nullable(),
    method: z.string().nullable(),
    path: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "AuditEntry" });

export const successJson = z.object({ success: z.literal(true) });
export const statusJson = z.object({ status: z.string() });

/** `/ready`'s body; `replicas` only where read replicas are configured. */
export const readyJson = statusJson.extend({
  replicas: z
    .array(z.object({ replica: z.string(), inUse: z.boolean(), problem: z.string().optional() }))
    .optional()
    .describe("Each read replica (host:port/database), whether reads go there, and if not, why"),
});
