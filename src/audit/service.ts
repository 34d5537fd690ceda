import { desc } from "drizzle-orm";
import type { Request } from "express";
import type { Db } from "../db/client.js";
import { auditLog } from "../db/schema.js";
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

export type AuditAction = "admin.impersonate" | "admin.elevate_with_admin_key" | "user.set_roles" | "post.moderate";

const auditColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  action: auditLog.action,
  targetId: auditLog.targetId,
  method: auditLog.method,
  path: auditLog.path,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

/** Takes the db or the transaction of the change it records, so the change and its record commit together. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
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
  const impersonating = req.impersonatorId !== undefined;
  return {
    actorId: req.impersonatorId ?? req.requestorId ?? null,
    action,
    targetId,
    method: req.method,
    path: redactUrl(req.originalUrl),
    details: impersonating ? { ...details, actingAs: req.requestorId } : details,
  };
}
