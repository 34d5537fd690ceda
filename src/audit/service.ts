import { desc, eq, sql } from "drizzle-orm";
import type { Request } from "express";
import { realUserOf } from "../auth/actor.js";
import type { Db } from "../db/client.js";
import { auditLog, users } from "../db/schema.js";
import { redactUrl } from "../logging/logger.js";

/** What an audit entry says; the actor is whoever really acted, never the impersonated user. */
export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  targetId?: string | null;
  method?: string;
  path?: string;
  details?: Record<string, unknown>;
}

export type AuditAction =
  | "admin.impersonate"
  | "admin.elevate_with_admin_key"
  | "user.set_roles"
  | "user.delete"
  | "post.moderate"
  | "post.delete"
  | "comment.delete"
  | "notification.send"
  | "user.two_factor_enable"
  | "user.two_factor_disable"
  | "user.two_factor_backup_code_used";

const auditColumns = {
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

/**
 * How a caller says what a change's audit entry is: the service that makes the change calls it with
 * what it wrote, inside the change's own transaction, and records what it returns (nothing when it
 * returns undefined). A throw rolls the change back: no change without its entry.
 */
export type Audit<Written> = (written: Written) => AuditEntry | undefined;

/**
 * Takes the transaction of the change it records, so the change and its record commit together
 * (an impersonated request or an adminKey elevation, which change nothing, is recorded on `db` when
 * the request is accepted). The actor's email is copied as it is now: the entry outlives the account.
 */
export async function recordAudit(db: Db, entry: AuditEntry | undefined): Promise<void> {
  if (!entry) return;
  const actorEmail =
    entry.actorId === null
      ? null
      : sql`(${db.select({ email: users.email }).from(users).where(eq(users.id, entry.actorId))})`;
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail,
    action: entry.action,
    targetId: entry.targetId ?? null,
    method: entry.method ?? null,
    path: entry.path ?? null,
    details: entry.details ?? null,
  });
}

/** Newest first. */
export function listAudit(db: Db, page: { limit: number; offset: number }) {
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
