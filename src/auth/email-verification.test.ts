// A new address is asked to verify itself by mail, at sign-up and on request; the link is good for
// 24 hours and makes `emailVerified` true. It is stateless: following it twice is harmless.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { linkIn, TestSmtpServer } from "../../test/smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
const FRONTEND = "http://localhost:3000";
const SUBJECT = "Confirm your email address";

async function ownRecord(cookie: string, id: string) {
  const res = await t.http.get(`/api/v2/users/${id}/`).set("Cookie", cookie);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

function jwtLifetimeS(link: URL): number {
  const claims = JSON.parse(Buffer.from(link.searchParams.get("token")!.split(".")[1]!, "base64url").toString()) as {
    iat: number;
    exp: number;
  };
  return claims.exp - claims.iat;
}

describe("email verification", () => {
  it("mails a link at sign-up that verifies the address for 24 hours", async () => {
    const user = await signUp(t);
    expect(await ownRecord(user.cookie, user.id)).toMatchObject({ emailVerified: false });

    const [mail] = await smtp.waitForMail(user.email, SUBJECT);
    const link = linkIn(mail!);
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(jwtLifetimeS(link)).toBe(24 * 60 * 60);

    // Signed up without a page of its own to land on: the link answers with the outcome.
    expect(link.searchParams.has("callbackURL")).toBe(false);
    const res = await t.http.get(`${link.pathname}${link.search}`);
    expect([res.status, res.body.status]).toEqual([200, true]);
    expect(await ownRecord(user.cookie, user.id)).toMatchObject({ emailVerified: true });
    // Stateless: the same link again changes nothing and is no error.
    expect((await t.http.get(`${link.pathname}${link.search}`)).status).toBe(200);
  });

  it("sends another link on request, which redirects to the client's page", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/send-verification-email")
      .send({ email: user.email, callbackURL: `${FRONTEND}/verified` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });

    const mails = await smtp.waitForMail(user.email, SUBJECT, 2);
    const link = linkIn(mails.find((mail) => mail.parsed.text!.includes("verified"))!);
    const followed = await t.http.get(`${link.pathname}${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe(`${FRONTEND}/verified`);
    expect(await ownRecord(user.cookie, user.id)).toMatchObject({ emailVerified: true });
  });

  it("answers a forged link with 401 INVALID_TOKEN", async () => {
    const res = await t.http.get("/api/auth/verify-email?token=not.a.token");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("asks a user created through POST /api/users to verify, and keeps v1 bodies as they were", async () => {
    const email = `created-${Date.now()}@example.com`;
    const res = await t.http.post("/api/users").send({ name: "Created", email, password: "a long password" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.user).sort()).toEqual(["createdAt", "email", "id", "name", "roles", "updatedAt"]);
    await smtp.waitForMail(email, SUBJECT);
  });

  it("shows another user's record without emailVerified", async () => {
    const [user, other] = [await signUp(t), await signUp(t)];
    expect(await ownRecord(user.cookie, other.id)).toEqual({ id: other.id, name: other.name });
  });
});
