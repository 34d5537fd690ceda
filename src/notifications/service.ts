import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type AuditEntry, recordAudit } from "../audit/service.js";
import type { Db } from "../db/client.js";
import { notifications } from "../db/schema.js";
import { isForeignKeyViolation } from "../db/errors.js";
import { responses, ValidationError } from "../http/errors.js";
import type { CursorQuery } from "../db/keyset.js";
import { positionOf } from "../db/keyset.js";

export type NotificationType = (typeof notifications.type.enumValues)[number];

export const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  message: notifications.message,
  postId: notifications.postId,
  createdAt: notifications.createdAt,
};

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  postId?: string | null;
}

/**
 * Writes a notification. Services call it with the transaction of the change it announces, so the
 * change and its notification commit (or roll back) together.
 */
export async function notify(tx: Db, notification: NewNotification): Promise<void> {
  await tx.insert(notifications).values({ ...notification, postId: notification.postId ?? null });
}

type Notification = Awaited<ReturnType<typeof findOwnNotification>>;

/**
 * An ADMIN's message to a user, recorded in the audit log in the same transaction; an unknown user
 * is a field error, as DRF's related-field validation.
 */
export async function sendAdminNotification(
  db: Db,
  input: { userId: string; message: string },
  audit: (sent: Notification) => AuditEntry,
): Promise<Notification> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(notifications)
        .values({ userId: input.userId, type: "admin", message: input.message })
        .returning(notificationColumns);
      await recordAudit(tx, audit(created!));
      return created!;
    });
  } catch (error) {
    // The database decides whether the user exists, so no check-then-insert race.
    if (!isForeignKeyViolation(error, "notifications_user_id_users_id_fk")) throw error;
    throw new ValidationError([
      { part: "body", path: ["userId"], message: `Invalid pk "${input.userId}" - object does not exist.` },
    ]);
  }
}

/** One cursor page of a user's own notifications, for the cursor paginator. */
export function listOwnNotifications(db: Db, userId: string, page: CursorQuery) {
  return db
    .select({ ...notificationColumns, position: positionOf(notifications.createdAt) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/** Another user's notification is "not found", so ids of others' notifications do not leak. */
export async function findOwnNotification(db: Db, id: string, userId: string) {
  const [found] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!found) throw responses.notFound();
  return found;
}

export async function deleteOwnNotification(db: Db, id: string, userId: string): Promise<void> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw responses.notFound();
}

/** Where a live stream stands: the last notification it sent (or the newest when it opened). */
export interface Cursor {
  position: string;
  id: string;
}

// Notifications a stream sends per read; it reads again until none are left.
const STREAM_BATCH = 100;

/** A user's notifications after the cursor, oldest first (all of them without one). */
export function notificationsAfter(db: Db, userId: string, cursor: Cursor | undefined) {
  return db
    .select({ ...notificationColumns, position: positionOf(notifications.createdAt) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        cursor
          ? sql`(${notifications.createdAt}, ${notifications.id}) > (${cursor.position}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(STREAM_BATCH);
}

/** The user's newest notification: a new stream sends what comes after it. */
export async function newestNotification(db: Db, userId: string): Promise<Cursor | undefined> {
  const [newest] = await db
    .select({ position: positionOf(notifications.createdAt), id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return newest;
}

/** Where a reconnecting stream left off, if that notification is the user's and still exists. */
export async function ownNotificationCursor(db: Db, id: string, userId: string): Promise<Cursor | undefined> {
  const [found] = await db
    .select({ position: positionOf(notifications.createdAt), id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return found;
}
