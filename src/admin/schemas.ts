import * as z from "zod";
import { ROLES } from "../roles.js";

const timestamp = z.iso.datetime({ offset: true });
const tally = z.int().min(0);

export const dashboardJson = z
  .object({
    users: z.object(
      Object.fromEntries(ROLES.map((role) => [role, tally])) as Record<(typeof ROLES)[number], typeof tally>,
    ),
    posts: z.object({ visible: tally, hidden: tally }),
    commentsToday: tally,
    mail: z.object({ pending: tally, failed: tally }),
  })
  .meta({ id: "Dashboard" });

export const userSessionJson = z
  .object({
    id: z.uuid(),
    createdAt: timestamp,
    expiresAt: timestamp,
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "UserSession" });

export const auditTrailEntryJson = z
  .object({
    id: z.uuid(),
    actorId: z.uuid().nullable(),
    actorName: z.string().nullable().meta({ description: "null once the account is deleted" }),
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetId: z.string().nullable(),
    targetName: z.string().nullable().meta({ description: "When the target is a user that still exists" }),
    targetEmail: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "AuditTrailEntry" });

export const MAIL_STATUSES = ["pending", "failed"] as const;

export const queuedMailJson = z
  .object({
    id: z.uuid(),
    kind: z.string().meta({ description: "reset-password, verify-email or confirm-email-change" }),
    subject: z.string().meta({ description: "The fixed subject of its kind" }),
    recipient: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: tally,
    lastError: z
      .string()
      .nullable()
      .meta({ description: "Why the last attempt failed, in the worker's words (codes, never an address or a link)" }),
    nextAttemptAt: timestamp.meta({ description: "When a worker may next try a waiting message" }),
    expiresAt: timestamp.meta({ description: "When its link stops working; it is not sent after" }),
    createdAt: timestamp,
    retryable: z.boolean().meta({ description: "Failed, its link still good: POST .../retry/ queues it again" }),
  })
  .meta({ id: "QueuedMail", description: "A message of the outbox, without its link or any value it carries" });

export const userCommentJson = z
  .object({
    id: z.uuid(),
    postId: z.uuid(),
    postTitle: z.string(),
    content: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: "UserComment", description: "A comment as a user's page lists it, with its post's title" });
