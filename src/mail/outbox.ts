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
 * Takes up to `limit` due messages for this worker: each gets one more attempt and is not due
 * again until `leaseMs` from now, so no other instance takes it meanwhile; a worker that dies
 * holding it leaves it to the next one once the lease ends. SKIP LOCKED lets two instances claim
 * at the same moment without waiting on, or taking, each other's rows.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Sent: the link it carried is dropped from the database. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", payload: null, sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markForRetry(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`, lastError: error })
    .where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: "failed", payload: null, lastError: error }).where(eq(mailOutbox.id, id));
}

/** Gives claimed messages back untried: due now, their attempt not counted. */
export async function releaseMail(db: Db, mails: QueuedMail[]): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${mailOutbox.attempts} - 1` })
    .where(
      inArray(
        mailOutbox.id,
        mails.map((mail) => mail.id),
      ),
    );
}
