import { desc } from "drizzle-orm";
import type { Request } from "express";
import { realUserOf } from "../auth/actor.js";
import type { DrizzleDb } from "../db/client.js";
import type { AuditAction, AuditEntry } from "../db/audit-trail.js";
import { auditLog } from "../db/schema.js";
import { redactUrl } from "../logging/logger.js";

// The trail is written by db/audit-trail.ts, which every layer may use; this feature reads and shapes it.
export { type Audit, type AuditAction, type AuditEntry, recordAudit } from "../db/audit-trail.js";

export const auditColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  targetId: auditLog.targetId,
  method: auditLog.method,
  path: auditLog.path,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

/** Newest first. */
export function listAudit(db: DrizzleDb, page: { limit: number; offset: number }) {
  return db
    .select(auditColumns)
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * An entry for an action taken by this request: the actor is the real admin while impersonating
 * (the impersonated user goes to `details.actingAs`), the URL has adminKey and tokens redacted.
 */
export function requestAudit(
  req: Request,
  action: AuditAction,
  targetId: string | null,
  details: Record<string, unknown> = {},
): AuditEntry {
  const impersonator = req.actor?.impersonatedBy;
  return {
    actorId: impersonator?.id ?? req.actor?.id ?? null,
    action,
    targetId,
    method: req.method,
    path: redactUrl(req.originalUrl),
    details: impersonator ? { ...details, actingAs: req.actor?.id } : details,
  };
}

/**
 * The entry for deleting someone else's post or comment, or none when its author deleted it. The
 * author is compared with whoever really sent the request: an admin impersonating the author is recorded.
 */
export function deletionAudit(
  req: Request,
  action: "post.delete" | "comment.delete",
  resource: { id: string; authorId: string },
  details: Record<string, unknown> = {},
): AuditEntry | undefined {
  if (!req.actor || realUserOf(req.actor).id === resource.authorId) return undefined;
  return requestAudit(req, action, resource.id, { authorId: resource.authorId, ...details });
}
