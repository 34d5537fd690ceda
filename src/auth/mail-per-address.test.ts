// Every mail spends one budget per address, whatever kind it is and whoever caused it: accounts
// that each name a stranger's address, or sign-ins to an unverified account, cannot flood that
// mailbox. A mail to an address nobody has proven greets nobody by name: the name is whatever the
// account's creator typed.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { TestSmtpServer } from "../../test/smtp.js";
import { mailOutbox } from "../db/schema.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const limits = { RATE_LIMIT_ENABLED: "true", TRUST_PROXY: "true", RATE_LIMIT_AUTH: "1000" };
const t = useTestApp(() => ({ SMTP_URL: smtp.url, ...limits }));
const required = useSecondApp(t, { SMTP_URL: smtp.url, ...limits, REQUIRE_EMAIL_VERIFICATION: "true" });

const MAILS_PER_ADDRESS = 3;
const ATTACKER_NAME = "Urgent call 555 0100 now";
const ORIGIN = "http://localhost:3000";

let client = 0;
const fromNewClient = () => `198.51.100.${++client}`;

const queuedTo = async (address: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address));

describe("one mail budget per address", () => {
  it("delivers at most the limit to an address 20 email changes name, without the accounts' names", async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const accounts = await Promise.all([1, 2, 3, 4].map(() => signUp(t, { name: ATTACKER_NAME })));
    for (let i = 0; i < 20; i++) {
      const res = await t.http
        .post("/api/auth/change-email")
        .set("Cookie", accounts[i % accounts.length]!.cookie)
        .set("Origin", ORIGIN)
        .set("X-Forwarded-For", fromNewClient())
        .send({ newEmail: victim });
      expect(res.status).toBe(200);
    }

    expect(await queuedTo(victim)).toHaveLength(MAILS_PER_ADDRESS);
    const mails = await smtp.waitForMail(victim, "Confirm your email address", MAILS_PER_ADDRESS);
    for (const mail of mails) {
      expect(mail.parsed.text).toContain("Hello,");
      expect(mail.raw).not.toContain("Urgent");
    }
  });

  it("sends at most the limit of verification mails to an unverified account signed in to 20 times", async () => {
    const email = `unverified-${Date.now()}@example.com`;
    const password = "a long password";
    const signUpRes = await required.http
      .post("/api/auth/sign-up/email")
      .set("X-Forwarded-For", fromNewClient())
      .send({ name: ATTACKER_NAME, email, password });
    expect(signUpRes.status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const res = await required.http
        .post("/api/auth/sign-in/email")
        .set("X-Forwarded-For", fromNewClient())
        .send({ email, password });
      expect(res.status).toBe(403);
    }

    expect(await queuedTo(email)).toHaveLength(MAILS_PER_ADDRESS);
    const mails = await smtp.waitForMail(email, "Confirm your email address", MAILS_PER_ADDRESS);
    for (const mail of mails) expect(mail.raw).not.toContain("Urgent");
  });
});
