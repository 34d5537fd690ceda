// Mail costs its recipient attention: one address gets at most 3 reset or verification mails an
// hour whoever asks, and one client may ask only RATE_LIMIT_AUTH times a minute, whatever addresses
// it names. A known and an unknown address meet the same limit, so the limit tells nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const limits = { RATE_LIMIT_ENABLED: "true", TRUST_PROXY: "true" };
const t = useTestApp(() => ({ SMTP_URL: smtp.url, ...limits, RATE_LIMIT_AUTH: "100" }));
const strict = useSecondApp(t, { SMTP_URL: "smtp://127.0.0.1:1", ...limits, RATE_LIMIT_AUTH: "2" });

let client = 0;
const fromNewClient = () => `203.0.113.${++client}`;
const TOO_MANY = { error: "Too many requests, try again later", code: "rate_limited" };

describe("mail rate limits", () => {
  for (const [path, known] of [
    ["/api/auth/request-password-reset", true],
    ["/api/auth/request-password-reset", false],
    ["/api/auth/send-verification-email", true],
  ] as const) {
    it(`sends ${path} 3 times an hour to one ${known ? "known" : "unknown"} address, whoever asks`, async () => {
      const email = known ? (await signUp(t)).email : `unknown-${Date.now()}@example.com`;
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.http
          .post(path)
          .set("X-Forwarded-For", fromNewClient())
          .send({ email: email.toUpperCase(), redirectTo: "http://localhost:3000/reset" });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toEqual(TOO_MANY);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = await t.http
        .post(path)
        .set("X-Forwarded-For", fromNewClient())
        .send({ email: `other-${email}`, redirectTo: "http://localhost:3000/reset" });
      expect(other.status).toBe(200);
    });
  }

  it("limits one client to RATE_LIMIT_AUTH requests a minute, whatever addresses it names", async () => {
    const ip = fromNewClient();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await strict.http
        .post("/api/auth/request-password-reset")
        .set("X-Forwarded-For", ip)
        .send({ email: `client-${i}@example.com`, redirectTo: "http://localhost:3000/reset" });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
