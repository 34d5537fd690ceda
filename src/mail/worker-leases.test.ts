// Two instances share one outbox. A worker holds each message only while it sends it, and records
// an outcome only for a message it still holds, so a slow relay never gets the same message twice.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { TestSmtpServer } from "../../test/smtp.js";
import { mailOutbox } from "../db/schema.js";
import { Mailer } from "./mailer.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_FROM: "Posts <no-reply@posts.test>" }));

const pendingMail = () => t.database.db.$count(mailOutbox, eq(mailOutbox.status, "pending"));

async function queueResets(count: number): Promise<void> {
  const users = await Promise.all(Array.from({ length: count }, () => signUp(t)));
  for (const user of users) {
    const res = await t.http
      .post("/api/auth/request-password-reset")
      .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
    expect(res.status).toBe(200);
  }
}

it("delivers each message once when two instances' workers share a relay slower than their lease", async () => {
  await t.mailer.stopWorker();
  await queueResets(6);
  const queued = await pendingMail();
  // What reached the relay before the count (a mail the stopping worker still sent) is not in it.
  const deliveredBefore = smtp.received.length;
  // Each message takes 0.4 s: one lease of 2 s covers a few of them, not the whole queue.
  smtp.acceptDelayMs = 400;
  const options = { leaseMs: 2_000, pollMs: 100 };
  const otherInstance = new Mailer({ config: t.config, db: t.database.db, logger: t.logger });
  t.mailer.startWorker(options);
  otherInstance.startWorker(options);

  expect(await poll(pendingMail, (pending) => pending === 0, { withinMs: 30_000, everyMs: 100 })).toBe(0);
  await Promise.all([t.mailer.stopWorker(), otherInstance.stopWorker()]);
  smtp.acceptDelayMs = 0;

  const messageIds = smtp.received.slice(deliveredBefore).map((mail) => mail.parsed.messageId);
  expect(messageIds).toHaveLength(queued);
  expect(new Set(messageIds).size).toBe(queued);
}, 60_000);
