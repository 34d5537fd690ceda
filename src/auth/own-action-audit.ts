import { type AuditAction, recordAudit } from "../db/audit-trail.js";
import type { DrizzleDb } from "../db/client.js";
import { AUTH_BASE_PATH } from "./endpoints.js";

/** An account's action on itself through a better-auth endpoint (`/two-factor/enable`), in the audit trail. */
export function auditOwnAction(
  db: DrizzleDb,
  userId: string,
  action: AuditAction,
  endpoint: string,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, {
    actorId: userId,
    action,
    targetId: userId,
    method: "POST",
    path: `${AUTH_BASE_PATH}${endpoint}`,
    ...(details ? { details } : {}),
  });
}
