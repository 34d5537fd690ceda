// better-auth calls the service's mail callbacks and, when one fails, logs it and answers as if the
// mail were on its way. A 200 must mean the mail is a row of the outbox: a client told otherwise
// waits for a mail that never comes, instead of asking again.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const UNAVAILABLE = { error: "The database is unavailable, try again shortly", code: "service_unavailable" };

describe.skipIf(!process.env.TEST_DATABASE_URL)("a mail that cannot be queued (PostgreSQL)", () => {
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, DATABASE_QUERY_TIMEOUT_MS: "1000" }));

  /** Runs `requests` while another connection holds the outbox locked, so every insert times out. */
  async function withOutboxLocked(requests: () => Promise<void>): Promise<void> {
    const locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    try {
      await locker.query("begin; lock table mail_outbox in exclusive mode");
      await requests();
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
  }

  it("answers 503 to a reset, a sign-up, a created user, a new link and an email change", async () => {
    const user = await signUp(t);
    await withOutboxLocked(async () => {
      const reset = await t.http
        .post("/api/auth/request-password-reset")
        .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
      expect([reset.status, reset.body]).toEqual([503, UNAVAILABLE]);

      const signUpRes = await t.http
        .post("/api/auth/sign-up/email")
        .send({ name: "Not Mailed", email: "not-mailed@example.com", password: "a long password" });
      expect([signUpRes.status, signUpRes.body]).toEqual([503, UNAVAILABLE]);
      // No session is handed out by an answer that says the request failed.
      expect(signUpRes.headers["set-cookie"]).toBeUndefined();

      const created = await t.http
        .post("/api/users")
        .send({ name: "Not Mailed", email: "not-mailed@example.com", password: "a long password" });
      expect([created.status, created.body]).toEqual([503, UNAVAILABLE]);

      const verification = await t.http.post("/api/auth/send-verification-email").send({ email: user.email });
      expect([verification.status, verification.body]).toEqual([503, UNAVAILABLE]);

      const change = await t.http
        .post("/api/auth/change-email")
        .set("cookie", user.cookie)
        .set("origin", "http://localhost:3000")
        .send({ newEmail: "moved@example.com" });
      expect([change.status, change.body]).toEqual([503, UNAVAILABLE]);
    });

    // Nothing the failed requests began is kept: the address signs up afresh.
    const signUpAgain = await t.http
      .post("/api/auth/sign-up/email")
      .send({ name: "Now Mailed", email: "not-mailed@example.com", password: "a long password" });
    expect(signUpAgain.status).toBe(200);
    expect(signUpAgain.body.user.name).toBe("Now Mailed");

    // Once the outbox can be written again, the same request is answered and its mail sent.
    const again = await t.http
      .post("/api/auth/request-password-reset")
      .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
    expect(again.status).toBe(200);
    expect(await smtp.waitForMail(user.email, "Reset your password")).toHaveLength(1);
  });
});
