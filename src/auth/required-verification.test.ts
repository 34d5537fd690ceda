// REQUIRE_EMAIL_VERIFICATION=true: nobody signs in before the address is verified. Sign-up signs
// nobody in and answers alike for a new and a taken address; a refused sign-in mails a fresh link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { linkIn, TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: "true" }));
const SUBJECT = "Confirm your email address";
const PASSWORD = "a long password";

const signUpBody = (email: string) => ({ name: "Unverified", email, password: PASSWORD });
const signIn = (email: string) => t.http.post("/api/auth/sign-in/email").send({ email, password: PASSWORD });

describe("REQUIRE_EMAIL_VERIFICATION", () => {
  it("signs nobody in at sign-up, answering alike for a new and a taken address", async () => {
    const email = `required-${Date.now()}@example.com`;
    const first = await t.http.post("/api/auth/sign-up/email").send(signUpBody(email));
    const again = await t.http.post("/api/auth/sign-up/email").send(signUpBody(email));
    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.headers["set-cookie"] ?? []).toEqual([]);
      expect(res.body.token).toBeNull();
      expect(res.body.user).toMatchObject({ email, emailVerified: false, roles: ["USER"] });
    }
    expect(Object.keys(first.body.user).sort()).toEqual(Object.keys(again.body.user).sort());
  });

  for (const path of ["/api/users", "/api/v2/users/"]) {
    it(`answers ${path} alike for a taken and a free address, and tells the taken one's owner`, async () => {
      const taken = `taken-${Date.now()}@example.com`;
      await t.http.post("/api/auth/sign-up/email").send(signUpBody(taken));
      const free = await t.http.post(path).send({ ...signUpBody(`free-${Date.now()}@example.com`) });
      const again = await t.http.post(path).send(signUpBody(taken));
      expect([free.status, again.status]).toEqual([201, 201]);
      const record = (res: typeof free) =>
        (path === "/api/users" ? res.body.user : res.body) as Record<string, unknown>;
      expect(Object.keys(record(again)).sort()).toEqual(Object.keys(record(free)).sort());
      expect(record(again)).toMatchObject({ email: taken, roles: ["USER"] });
      await smtp.waitForMail(taken, "Someone tried to use your email address");
    });
  }

  it("refuses an unverified sign-in with better-auth's code and mails a fresh link that opens the door", async () => {
    const email = `refused-${Date.now()}@example.com`;
    await t.http.post("/api/auth/sign-up/email").send(signUpBody(email));
    await smtp.waitForMail(email, SUBJECT);

    const refused = await signIn(email);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
    const mails = await smtp.waitForMail(email, SUBJECT, 2);

    const link = linkIn(mails[1]!);
    expect((await t.http.get(`${link.pathname}${link.search}`)).status).toBe(200);
    expect((await signIn(email)).status).toBe(200);
  });
});
