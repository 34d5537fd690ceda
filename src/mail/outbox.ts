import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";
import type { MailKind } from "./messages.js";

export interface NewMail {
  kind: MailKind;
  recipient: string;
  messageId: string;
  payload: string;
  expiresAt: Date;
}

export type QueuedMail = typeof mailOutbox.$inferSelect;

export async function insertMail(db: DrizzleDb, mail: NewMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/**
 * Takes the next due message for this worker: it gets one more attempt and is not due again until
 * `leaseMs` from now, so no other instance takes it meanwhile; a worker that dies holding it leaves
 * it to the next one once the lease ends. SKIP LOCKED lets two instances claim at the same moment
 * without waiting on, or taking, each other's rows. The lease's end is kept to the millisecond so
 * that the returned row, as JavaScript holds it, names this claim exactly (see `heldBy`).
 */
export async function claimDueMail(db: DrizzleDb, leaseMs: number): Promise<QueuedMail | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`date_trunc('milliseconds', now() + ${leaseMs} * interval '1 millisecond')`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed;
}

/**
 * The row is still the one this claim took: every claim counts an attempt and moves the lease's
 * end, so once the lease ran out and another worker took the message, neither matches any more and
 * this worker's outcome is not written over the other's.
 */
function heldBy(claim: QueuedMail) {
  return and(
    eq(mailOutbox.id, claim.id),
    eq(mailOutbox.status, "pending"),
    eq(mailOutbox.attempts, claim.attempts),
    eq(mailOutbox.nextAttemptAt, claim.nextAttemptAt),
  );
}

/** Sent: the link it carried is dropped from the database. False when the claim had run out. */
export async function markSent(db: DrizzleDb, claim: QueuedMail): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "sent", payload: null, sentAt: sql`now()`, lastError: null })
    .where(heldBy(claim))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export async function markForRetry(db: DrizzleDb, claim: QueuedMail, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`, lastError: error })
    .where(heldBy(claim));
}

/**
 * Given up. The sealed values are kept only when `retryable` (the relay refused it, but its link
 * still works once the relay is fixed), so that an administrator may queue it again (`requeueFailedMail`).
 */
export async function markFailed(db: DrizzleDb, claim: QueuedMail, error: string, retryable = false): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "failed", ...(retryable ? {} : { payload: null }), lastError: error })
    .where(heldBy(claim));
}

/** What an administrator may read of a queued message: never its values (name, link) nor its Message-ID. */
export const outboxColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  recipient: mailOutbox.recipient,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  expiresAt: mailOutbox.expiresAt,
  createdAt: mailOutbox.createdAt,
  /** Failed, its values still held and its link not expired: it can be queued again. */
  retryable: sql<boolean>`(${mailOutbox.status} = 'failed' and ${mailOutbox.payload} is not null and ${mailOutbox.expiresAt} > now())`,
};

/** Messages waiting or given up (or one of the two), newest first, with how many there are. */
export async function listOutbox(
  db: DrizzleDb,
  status: "pending" | "failed" | undefined,
  page: { limit: number; offset: number },
) {
  const where = status ? eq(mailOutbox.status, status) : inArray(mailOutbox.status, ["pending", "failed"]);
  const [rows, [total]] = await Promise.all([
    db
      .select(outboxColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/**
 * Queues a failed message again, due now; its attempts keep counting. "missing" when there is no
 * such message, "not-failed" when it is waiting or sent, "spent" when its values were dropped or
 * its link has expired (the user asks again instead).
 */
export async function requeueFailedMail(
  db: DrizzleDb,
  id: string,
): Promise<{ requeued: { id: string; kind: string } } | { refused: "missing" | "not-failed" | "spent" }> {
  const [requeued] = await db
    .update(mailOutbox)
    .set({ status: "pending", nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, "failed"),
        isNotNull(mailOutbox.payload),
        gt(mailOutbox.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: mailOutbox.id, kind: mailOutbox.kind });
  if (requeued) return { requeued };
  const [found] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return { refused: !found ? "missing" : found.status !== "failed" ? "not-failed" : "spent" };
}

/** Gives a claimed message back untried: due now, its attempt not counted. */
export async function releaseMail(db: DrizzleDb, claim: QueuedMail): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${mailOutbox.attempts} - 1` })
    .where(heldBy(claim));
}

/** How many messages wait and have failed, and how long the oldest waiting one has: for the metrics. */
export async function mailQueueState(db: DrizzleDb) {
  const [state] = await db
    .select({
      pending: sql<number>`(select count(*)::int from ${mailOutbox} where ${mailOutbox.status} = 'pending')`,
      failed: sql<number>`(select count(*)::int from ${mailOutbox} where ${mailOutbox.status} = 'failed')`,
      oldestPendingAgeSeconds: sql<number>`coalesce((select extract(epoch from now() - min(${mailOutbox.createdAt}))::float8
        from ${mailOutbox} where ${mailOutbox.status} = 'pending'), 0)`,
    })
    .from(sql`(values (1)) as state`);
  return state!;
}
