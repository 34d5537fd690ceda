import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Audit, recordAudit } from "../audit/service.js";
import type { DrizzleDb } from "../db/client.js";
import { auditLog, comments, mailOutbox, posts, sessions, users } from "../db/schema.js";
import { HttpError, responses, userNotFound } from "../http/errors.js";
import { subjectOf } from "../mail/messages.js";
import { listOutbox, requeueFailedMail } from "../mail/outbox.js";

const countsOf = <K extends string>(rows: { key: K; n: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.key, row.n])) as Partial<Record<K, number>>;

/** What the console's dashboard shows: users by role, posts by status, today's comments, mail waiting or failed. */
export async function dashboardCounts(db: DrizzleDb) {
  const role = sql<string>`unnest(${users.roles})`;
  const [byRole, byStatus, [today], byMail] = await Promise.all([
    db.select({ key: role, n: count() }).from(users).groupBy(role),
    db.select({ key: posts.status, n: count() }).from(posts).groupBy(posts.status),
    db
      .select({ n: count() })
      .from(comments)
      .where(gte(comments.createdAt, sql`date_trunc('day', now())`)),
    db
      .select({ key: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(sql`${mailOutbox.status} in ('pending', 'failed')`)
      .groupBy(mailOutbox.status),
  ]);
  const roles = countsOf(byRole);
  const statuses = countsOf(byStatus);
  const mail = countsOf(byMail);
  return {
    users: { GUEST: roles.GUEST ?? 0, USER: roles.USER ?? 0, MODERATOR: roles.MODERATOR ?? 0, ADMIN: roles.ADMIN ?? 0 },
    posts: { visible: statuses.visible ?? 0, hidden: statuses.hidden ?? 0 },
    commentsToday: today?.n ?? 0,
    mail: { pending: mail.pending ?? 0, failed: mail.failed ?? 0 },
  };
}

/** A user's open sessions, newest first; the token never leaves the database. */
export async function listUserSessions(db: DrizzleDb, userId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw userNotFound();
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/**
 * Ends one session of a user, with its audit entry in the same transaction: its next request is
 * signed out, on every instance (the change feed empties the session caches).
 */
export async function revokeUserSession(db: DrizzleDb, userId: string, sessionId: string, audit: Audit<string>) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
      .returning({ id: sessions.id });
    if (!deleted) throw responses.notFound();
    await recordAudit(tx, audit(deleted.id));
  });
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

const targets = alias(users, "target");
const actors = alias(users, "actor");

/** The audit trail, newest first, filtered, with the actor's and the target user's names and emails. */
export async function searchAudit(db: DrizzleDb, filters: AuditFilters, page: { limit: number; offset: number }) {
  const where = and(
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.createdAt, filters.from) : undefined,
    filters.to ? lt(auditLog.createdAt, filters.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: actors.name,
        actorEmail: sql<string | null>`coalesce(${actors.email}, ${auditLog.actorEmail})`,
        action: auditLog.action,
        targetId: auditLog.targetId,
        targetName: targets.name,
        targetEmail: targets.email,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(targets, sql`${targets.id}::text = ${auditLog.targetId}`)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(auditLog).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** The outbox's waiting and failed messages for the console: who to, what kind, attempts, last error; never the link. */
export async function listMail(
  db: DrizzleDb,
  status: "pending" | "failed" | undefined,
  page: { limit: number; offset: number },
) {
  const { rows, count } = await listOutbox(db, status, page);
  return { rows: rows.map((row) => ({ ...row, subject: subjectOf(row.kind) })), count };
}

const mailRefusals = {
  "not-failed": () => new HttpError(409, "Only a failed message can be retried", "mail_not_failed"),
  spent: () =>
    new HttpError(
      409,
      "This message can no longer be sent: its link expired or was dropped; the user asks for a new one",
      "mail_not_retryable",
    ),
};

/** Queues a failed message again, with its audit entry in the same transaction. */
export async function retryMail(db: DrizzleDb, id: string, audit: Audit<{ id: string; kind: string }>) {
  await db.transaction(async (tx) => {
    const outcome = await requeueFailedMail(tx, id);
    if ("refused" in outcome)
      throw outcome.refused === "missing" ? responses.notFound() : mailRefusals[outcome.refused]();
    await recordAudit(tx, audit(outcome.requeued));
  });
}

/** A user's comments, newest first, each with its post's title: the console's user page. */
export async function listUserComments(db: DrizzleDb, userId: string, page: { limit: number; offset: number }) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw userNotFound();
  const where = eq(comments.authorId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: comments.id,
        postId: comments.postId,
        postTitle: posts.title,
        content: comments.content,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(comments).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
