// SMTP refuses connections for 30 s while 200 password resets are asked of two instances: every
// request is answered while it is down (the mail is queued, not sent, in the request), and once it
// is back each of the 200 messages arrives exactly once, counted by Message-ID.
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema.js";
import { signUp, type TestUser } from "./factories.js";
import { useStartedApp, useTestApp } from "./harness.js";
import { poll } from "./poll.js";
import { TestSmtpServer } from "./smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
/** A second instance on the same database: its own pool on PostgreSQL, its own mail worker either way. */
const second = useStartedApp(() => ({
  beside: t,
  ownServices: true,
  mailWorker: true,
  env: { LOG_LEVEL: "info", SMTP_URL: smtp.url },
}));

const RESETS = 200;
const OUTAGE_MS = 30_000;
const SUBJECT = "Reset your password";

describe("mail during an SMTP outage", () => {
  it("delivers every reset asked for during the outage exactly once when SMTP returns", async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < RESETS; i++) users.push(await signUp(t));
    // The sign-up verification mails go out first, so that only resets are left to count.
    const pendingMail = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"));
    expect(await poll(pendingMail, (rows) => rows.length === 0, { withinMs: 120_000, everyMs: 500 })).toEqual([]);

    await smtp.stop();
    const down = Date.now();
    let slowestMs = 0;
    const statuses = await inBatches(users, 10, async (user, i) => {
      const http = i % 2 === 0 ? t.http : second.http;
      const started = performance.now();
      const { status } = await http
        .post("/api/auth/request-password-reset")
        .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
      slowestMs = Math.max(slowestMs, performance.now() - started);
      return status;
    });
    // Every request was answered before SMTP came back: none waited for it.
    expect(statuses).toEqual(users.map(() => 200));
    console.log(
      `${RESETS} resets answered in ${Date.now() - down} ms while SMTP was down; slowest ${Math.round(slowestMs)} ms`,
    );

    // The outage lasts its full length, whatever the requests took.
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)));
    await smtp.start();

    const resetsReceived = () => smtp.received.filter((mail) => mail.parsed.subject === SUBJECT);
    const resets = await poll(resetsReceived, (mails) => mails.length >= RESETS, { withinMs: 240_000, everyMs: 500 });
    // A little longer: a message sent twice would show up now.
    await sleep(3000);
    const finalResets = resetsReceived();
    expect(finalResets).toHaveLength(RESETS);
    expect(new Set(finalResets.map((mail) => mail.parsed.messageId)).size).toBe(RESETS);
    expect(new Set(finalResets.flatMap((mail) => mail.envelopeTo))).toEqual(new Set(users.map((user) => user.email)));
    expect(resets).toHaveLength(RESETS);

    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reset-password"));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(RESETS);
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
    const retried = [...t.logs, ...second.logs].filter((entry) =>
      String(entry.message).startsWith("Mail not sent: trying again"),
    );
    expect(retried.length).toBeGreaterThan(0);
  }, 420_000);
});

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map((item, i) => run(item, start + i)))));
  }
  return results;
}
