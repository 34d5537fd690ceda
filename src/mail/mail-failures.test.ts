// What an operator reads when mail cannot go: the reason from the SMTP exchange, in words, with
// neither the relay's credentials nor an address in it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

// The test relay's certificate is its own (and expired), and this URL does not accept it, as a mail catcher
// that offers STARTTLS would be met by a default configuration.
const t = useTestApp(() => ({
  SMTP_URL: smtp.url.replace("?tls.rejectUnauthorized=false", ""),
  EMAIL_FROM: "Posts <no-reply@posts.test>",
}));

it("logs why a mail was not sent, in words, without the relay's credentials or the recipient", async () => {
  const user = await signUp(t);
  const res = await t.http
    .post("/api/auth/request-password-reset")
    .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
  expect(res.status).toBe(200);
  const warnings = await poll(
    () => t.logs.filter((entry) => String(entry.message).startsWith("Mail not sent")),
    (found) => found.length > 0,
  );
  expect(warnings[0]).toMatchObject({ reason: "ESOCKET", error: expect.stringMatching(/certificate/) });
  const { username, password } = new URL(smtp.url);
  expect(t.logText()).not.toContain(password);
  expect(t.logText()).not.toContain(`${username}:`);
  expect(t.logText()).not.toContain(user.email);
  expect(smtp.received).toEqual([]);
});
