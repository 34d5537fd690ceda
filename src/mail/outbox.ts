import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
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

export async function insertMail(db: Db, mail: NewMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/**
 * Takes the next due message for this worker: it gets one more attempt and is not due again until
 * `leaseMs` from now, so no other instance takes it meanwhile; a worker that dies holding it leaves
 * it to the next one once the lease ends. SKIP LOCKED lets two instances claim at the same moment
 * without waiting on, or taking, each other's rows. The lease's end is kept to the millisecond so
 * that the returned row, as JavaScript holds it, names this claim exactly (see `heldBy`).
 */
export async function claimDueMail(db: Db, leaseMs: number): Promise<QueuedMail | undefined> {
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
export async function markSent(db: Db, claim: QueuedMail): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "sent", payload: null, sentAt: sql`now()`, lastError: null })
    .where(heldBy(claim))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export async function markForRetry(db: Db, claim: QueuedMail, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`, lastError: error })
    .where(heldBy(claim));
}

export async function markFailed(db: Db, claim: QueuedMail, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: "failed", payload: null, lastError: error }).where(heldBy(claim));
}

/** Gives a claimed message back untried: due now, its attempt not counted. */
export async function releaseMail(db: Db, claim: QueuedMail): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${mailOutbox.attempts} - 1` })
    .where(heldBy(claim));
}

/** How many messages wait and have failed, and how long the oldest waiting one has: for the metrics. */
export async function mailQueueState(db: Db) {
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
