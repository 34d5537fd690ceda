// Changing a verified address: the old address approves first, then the new one confirms; only
// then does the account's address change. Neither mail alone changes it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { linkIn, type ReceivedMail, TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
const ORIGIN = "http://localhost:3000";

const follow = (mail: ReceivedMail) => {
  const link = linkIn(mail);
  return t.http.get(`${link.pathname}${link.search}`);
};
const emailOf = async (user: TestUser) =>
  (await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.email as string;

async function verifiedUser(): Promise<TestUser> {
  const user = await signUp(t);
  const [mail] = await smtp.waitForMail(user.email, "Confirm your email address");
  expect((await follow(mail!)).status).toBe(200);
  return user;
}

describe("POST /api/auth/change-email", () => {
  it("asks the old address to approve, then the new one to confirm, then changes it", async () => {
    const user = await verifiedUser();
    const newEmail = `new-${user.email}`;
    const res = await t.http
      .post("/api/auth/change-email")
      .set("Cookie", user.cookie)
      .set("Origin", ORIGIN)
      .send({ newEmail, callbackURL: `${ORIGIN}/changed` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });

    const [approval] = await smtp.waitForMail(user.email, "Approve the change of your email address");
    expect(approval!.parsed.text).toContain(newEmail);
    expect(await emailOf(user)).toBe(user.email);

    const approved = await follow(approval!);
    expect(approved.status).toBe(302);
    expect(approved.headers.location).toBe(`${ORIGIN}/changed`);
    const [confirmation] = await smtp.waitForMail(newEmail, "Confirm your email address");
    expect(await emailOf(user)).toBe(user.email);

    expect((await follow(confirmation!)).status).toBe(302);
    expect(await emailOf(user)).toBe(newEmail);
    await signIn(t.http, { email: newEmail, password: user.password });
  });

  it("answers and mails alike for a taken address, whose owner is told instead of asked to confirm", async () => {
    const [user, owner] = [await verifiedUser(), await verifiedUser()];
    const APPROVAL = "Approve the change of your email address";
    const change = (newEmail: string) =>
      t.http
        .post("/api/auth/change-email")
        .set("Cookie", user.cookie)
        .set("Origin", ORIGIN)
        .send({ newEmail, callbackURL: `${ORIGIN}/changed` });

    const free = await change(`free-${user.email}`);
    await smtp.waitForMail(user.email, APPROVAL, 1);
    const taken = await change(owner.email.toUpperCase());
    expect([free.status, free.body]).toEqual([taken.status, taken.body]);
    const approvals = await smtp.waitForMail(user.email, APPROVAL, 2);
    const toTaken = approvals.find((mail) => mail.parsed.text!.includes(owner.email))!;

    expect((await follow(toTaken)).status).toBe(302);
    const [notice] = await smtp.waitForMail(owner.email, "Someone tried to use your email address");
    expect(notice!.parsed.text).not.toMatch(/https?:\/\//);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes(owner.email))).toHaveLength(2);
    expect(await emailOf(user)).toBe(user.email);
  });

  it("tells the owner of a taken address an unverified account names, as the free one is mailed", async () => {
    const [user, owner] = [await signUp(t), await signUp(t)];
    const res = await t.http
      .post("/api/auth/change-email")
      .set("Cookie", user.cookie)
      .set("Origin", ORIGIN)
      .send({ newEmail: owner.email });
    expect([res.status, res.body]).toEqual([200, { status: true }]);
    await smtp.waitForMail(owner.email, "Someone tried to use your email address");
  });

  it("needs a session", async () => {
    const res = await t.http.post("/api/auth/change-email").set("Origin", ORIGIN).send({ newEmail: "x@example.com" });
    expect(res.status).toBe(401);
  });

  it("refuses an address the service's email rule refuses, before anything is mailed", async () => {
    const user = await verifiedUser();
    const res = await t.http
      .post("/api/auth/change-email")
      .set("Cookie", user.cookie)
      .set("Origin", ORIGIN)
      .send({ newEmail: "x@bad-.example.com" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_EMAIL");
    expect(await emailOf(user)).toBe(user.email);
  });
});
