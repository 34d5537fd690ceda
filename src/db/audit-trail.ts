import { eq, sql } from "drizzle-orm";
import type { DrizzleDb } from "./client.js";
import { auditLog, users } from "./schema.js";

// The audit trail's writer: who did what to whom. Below every layer that acts (the route guards,
// better-auth's plugins, the features, the CLI), so each records its entries itself.

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
  | "user.update_by_admin"
  | "user.delete"
  | "user.revoke_session"
  | "post.moderate"
  | "post.delete"
  | "comment.delete"
  | "notification.send"
  | "mail.retry"
  | "user.two_factor_enable"
  | "user.two_factor_disable"
  | "user.two_factor_backup_code_used"
  | "user.passkey_add"
  | "user.passkey_remove";

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
export async function recordAudit(db: DrizzleDb, entry: AuditEntry | undefined): Promise<void> {
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
