// A worker that stops (a deploy, a SIGTERM) finishes the message in hand, within the shutdown's
// grace, and gives back what it had claimed but not sent, so the next worker sends it at once
// instead of after the claim's lease.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { TestSmtpServer } from "../../test/smtp.js";
import { mailOutbox } from "../db/schema.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_FROM: "Posts <no-reply@posts.test>" }));

/** How many messages the relay holds unanswered, once it holds one. */
const oneInHand = () =>
  poll(
    () => smtp.receiving,
    (receiving) => receiving === 1,
  );
/** How many messages the relay has taken, once there are `count`. */
const receivedOnceThereAre = (count: number) =>
  poll(
    () => smtp.received.length,
    (received) => received === count,
  );

it("gives back the messages it claimed but did not send, and the next worker sends each once, at once", async () => {
  // Queued while no worker runs (sign-up mails included), so the next one claims them in one batch.
  await t.mailer.stopWorker();
  const users = await Promise.all([1, 2, 3, 4].map(() => signUp(t)));
  for (const user of users) {
    const res = await t.http
      .post("/api/auth/request-password-reset")
      .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
    expect(res.status).toBe(200);
  }
  const queued = await t.database.db.$count(mailOutbox, eq(mailOutbox.status, "pending"));
  expect(queued).toBeGreaterThanOrEqual(4);
  smtp.acceptDelayMs = 1_000;
  t.mailer.startWorker();
  expect(await oneInHand()).toBe(1);
  await t.mailer.stopWorker();
  smtp.acceptDelayMs = 0;
  expect(smtp.received).toHaveLength(1);

  const pending = await t.database.db
    .select({ attempts: mailOutbox.attempts, nextAttemptAt: mailOutbox.nextAttemptAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  expect(pending).toHaveLength(queued - 1);
  // Untried: no attempt counted, and due now rather than when the claim would have run out.
  for (const mail of pending) {
    expect(mail.attempts).toBe(0);
    expect(mail.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  }

  t.mailer.startWorker();
  for (const user of users)
    expect(await smtp.waitForMail(user.email, "Reset your password", 1, 10_000)).toHaveLength(1);
  expect(await receivedOnceThereAre(queued)).toBe(queued);
  const messageIds = smtp.received.map((mail) => mail.parsed.messageId);
  expect(new Set(messageIds).size).toBe(queued);
});

it("stops within its grace while the relay stalls, and the message it held is sent once by the next worker", async () => {
  await t.mailer.stopWorker();
  const user = await signUp(t);
  const res = await t.http
    .post("/api/auth/request-password-reset")
    .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
  expect(res.status).toBe(200);
  const before = smtp.received.length;
  const queued = await t.database.db.$count(mailOutbox, eq(mailOutbox.status, "pending"));
  // The relay takes the message and then says nothing for 20 s, longer than the worker's grace.
  smtp.acceptDelayMs = 20_000;
  t.mailer.startWorker({ stopGraceMs: 500 });
  expect(await oneInHand()).toBe(1);
  await t.mailer.stopWorker();
  // Stopped while the relay still held the message, not once it answered.
  expect(smtp.receiving).toBe(1);
  expect(smtp.received).toHaveLength(before);
  smtp.acceptDelayMs = 0;

  const pending = await t.database.db
    .select({ attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  expect(pending).toHaveLength(queued);
  for (const mail of pending) expect(mail.attempts).toBe(0);

  t.mailer.startWorker();
  expect(await smtp.waitForMail(user.email, "Reset your password", 1, 10_000)).toHaveLength(1);
  expect(await receivedOnceThereAre(before + queued)).toBe(before + queued);
  const messageIds = smtp.received.slice(before).map((mail) => mail.parsed.messageId);
  expect(new Set(messageIds).size).toBe(queued);
}, 60_000);
