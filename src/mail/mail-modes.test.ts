// Without SMTP_URL, development writes each message and its link to the log (a console backend,
// so the two-command set-up can still reset a password); elsewhere the endpoints that exist to
// send mail answer 503 instead of dropping the message silently.
import { describe, expect, it } from "vitest";
import { signUp, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { poll } from "../../test/poll.js";

const t = useTestApp({ NODE_ENV: "development" });
const withoutMail = useSecondApp(t, { NODE_ENV: "test" });

async function loggedMail(address: string, subject: string): Promise<string> {
  const logged = () =>
    t.logs
      .map((entry) => String(entry.message))
      .find((message) =>
        message.startsWith(`Mail written here instead of sent (no SMTP_URL): to ${address}, "${subject}"`),
      );
  const line = await poll(logged, (found) => found !== undefined, { withinMs: 20_000, everyMs: 50 });
  if (line === undefined) throw new Error(`no logged mail to ${address}`);
  return line;
}

describe("mail without SMTP_URL", () => {
  it("writes the message and its link to the log in development", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/request-password-reset")
      .send({ email: user.email, redirectTo: "http://localhost:3000/reset" });
    expect(res.status).toBe(200);

    const line = await loggedMail(user.email, "Reset your password");
    const link = new URL(/https?:\/\/\S+/.exec(line)![0]);
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);
    expect(await loggedMail(user.email, "Confirm your email address")).toContain("/api/auth/verify-email?token=");
  });

  for (const [path, body] of [
    ["/api/auth/request-password-reset", { email: "someone@example.com", redirectTo: "http://localhost:3000/reset" }],
    ["/api/auth/send-verification-email", { email: "someone@example.com" }],
    ["/api/auth/change-email", { newEmail: "someone@example.com" }],
  ] as const) {
    it(`answers ${path} with 503 elsewhere`, async () => {
      const res = await withoutMail.http.post(path).send(body);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: "Mail is not configured on this server: no message can be sent",
        code: "mail_unavailable",
      });
    });
  }

  it("still signs a user up, unverified, elsewhere", async () => {
    const res = await withoutMail.http
      .post("/api/auth/sign-up/email")
      .send({ name: "No Mail", email: "no-mail@example.com", password: "a long password" });
    expect(res.status).toBe(200);
    expect(res.body.user.emailVerified).toBe(false);
  });
});
