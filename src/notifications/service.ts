import { and, asc, eq, sql } from "drizzle-orm";
import { type Audit, recordAudit } from "../audit/service.js";
import type { DrizzleDb } from "../db/client.js";
import { notifications } from "../db/schema.js";
import { isForeignKeyViolation } from "../db/errors.js";
import { responses, ValidationError } from "../http/errors.js";
import type { CursorQuery } from "../http/lists/cursor.js";
import { positionOf } from "../http/lists/cursor.js";

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
export async function notify(tx: DrizzleDb, notification: NewNotification): Promise<void> {
  await tx.insert(notifications).values({ ...notification, postId: notification.postId ?? null });
}

type Notification = Awaited<ReturnType<typeof findOwnNotification>>;

/**
 * An ADMIN's message to a user, recorded in the audit log in the same transaction; an unknown user
 * is a field error, as DRF's related-field validation.
 */
export async function sendAdminNotification(
  db: DrizzleDb,
  input: { userId: string; message: string },
  audit: Audit<Notification>,
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
export function listOwnNotifications(db: DrizzleDb, userId: string, page: CursorQuery) {
  return db
    .select({ ...notificationColumns, position: positionOf(notifications.createdAt) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/** Another user's notification is "not found", so ids of others' notifications do not leak. */
export async function findOwnNotification(db: DrizzleDb, id: string, userId: string) {
  const [found] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!found) throw responses.notFound();
  return found;
}

export async function deleteOwnNotification(db: DrizzleDb, id: string, userId: string): Promise<void> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw responses.notFound();
}

/**
 * Where a live stream stands: the position of the last notification it sent, and the ids at or
 * after it that the stream is not to send (committed before it opened).
 */
export interface StreamPosition {
  txId: string;
  seq: number;
  skip?: Set<string>;
}

// Notifications a stream sends per read; it reads again until none are left.
const STREAM_BATCH = 100;
// At most this many notifications committed just before a stream opened are remembered as sent.
const MAX_SKIPPED = 1_000;

/**
 * Whether a notification's transaction is older than every transaction still in progress: rows
 * below that line are final, as any transaction yet to commit has a newer id. Streams send only
 * such rows, in (transaction id, sequence) order, so a transaction that commits late never lands
 * behind a position already sent.
 */
const settled = sql<boolean>`${notifications.txId} < pg_snapshot_xmin(pg_current_snapshot())`;

/**
 * A user's notifications after the position, oldest first, each marked settled or not; a stream
 * sends the settled ones and reads again later for the others.
 */
export function notificationsAfter(db: DrizzleDb, userId: string, after: StreamPosition) {
  return db
    .select({ ...notificationColumns, txId: sql<string>`${notifications.txId}::text`, seq: notifications.seq, settled })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`(${notifications.txId}, ${notifications.seq}) > (${after.txId}::xid8, ${after.seq}::bigint)`,
      ),
    )
    .orderBy(asc(notifications.txId), asc(notifications.seq))
    .limit(STREAM_BATCH);
}

/**
 * Where a new stream starts: below the oldest transaction in progress, skipping the user's
 * notifications already committed above it, so the stream sends exactly what commits after now.
 */
export async function streamStart(db: DrizzleDb, userId: string): Promise<StreamPosition> {
  const horizon = sql`pg_snapshot_xmin(pg_current_snapshot())`;
  const [start] = await db
    .select({
      txId: sql<string>`${horizon}::text`,
      committed: sql<
        string[]
      >`(select coalesce(json_agg(recent.id), '[]') from (select ${notifications.id} from ${notifications}
        where ${notifications.userId} = ${userId} and ${notifications.txId} >= ${horizon} limit ${MAX_SKIPPED}) as recent)`,
    })
    .from(sql`(values (1)) as start`);
  return { txId: start!.txId, seq: 0, skip: new Set(start!.committed) };
}

/** Where a reconnecting stream left off, if that notification is the user's and still exists. */
export async function streamPositionOf(db: DrizzleDb, id: string, userId: string): Promise<StreamPosition | undefined> {
  const [found] = await db
    .select({ txId: sql<string>`${notifications.txId}::text`, seq: notifications.seq })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return found;
}
