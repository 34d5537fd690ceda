// Support corrects an address: an ADMIN sets another user's email through the user routes. Nobody
// has proven the new address, so it is unverified; the old one, which no longer reaches the
// account, is told; the change is in the audit trail. Nobody else may do it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { linkIn, TestSmtpServer } from "../../test/smtp.js";
import { auditLog, mailOutbox } from "../db/schema.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
const NOTICE = "Your account's email address was changed";

async function verifiedUser(): Promise<TestUser> {
  const user = await signUp(t, { name: "Grace Hopper" });
  const [mail] = await smtp.waitForMail(user.email, "Confirm your email address");
  const link = linkIn(mail!);
  expect((await t.http.get(`${link.pathname}${link.search}`)).status).toBe(200);
  return user;
}

const recordOf = async (admin: TestUser, id: string) =>
  (await t.http.get(`/api/v2/users/${id}/`).set("Cookie", admin.cookie)).body as Record<string, unknown>;

describe("an ADMIN sets another user's email", () => {
  for (const [version, send] of [
    [
      "PUT /api/users/:id",
      (admin: TestUser, id: string, body: object) =>
        t.http.put(`/api/users/${id}`).set("Cookie", admin.cookie).send(body),
    ],
    [
      "PATCH /api/v2/users/:id/",
      (admin: TestUser, id: string, body: object) =>
        t.http.patch(`/api/v2/users/${id}/`).set("Cookie", admin.cookie).send(body),
    ],
  ] as const) {
    it(`${version}: unverifies it, tells the old address and audits the change`, async () => {
      const admin = await signUp(t, { roles: ["ADMIN"] });
      const user = await verifiedUser();
      const newEmail = `support-set-${user.email}`;
      const res = await send(admin, user.id, { name: user.name, email: newEmail });
      expect(res.status, JSON.stringify(res.body)).toBe(200);

      expect(await recordOf(admin, user.id)).toMatchObject({ email: newEmail, emailVerified: false });
      const [notice] = await smtp.waitForMail(user.email, NOTICE);
      expect(notice!.parsed.text).toContain(newEmail);
      expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, newEmail))).toEqual([]);
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "user.update_by_admin"), eq(auditLog.targetId, user.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: admin.id, details: { previousEmail: user.email, email: newEmail } });
    });
  }

  it("is refused to anyone but an ADMIN, and changes nothing", async () => {
    const [other, user] = [await signUp(t), await signUp(t)];
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const v1 = await t.http
      .put(`/api/users/${user.id}`)
      .set("Cookie", other.cookie)
      .send({ email: `x-${user.email}` });
    const v2 = await t.http
      .patch(`/api/v2/users/${user.id}/`)
      .set("Cookie", other.cookie)
      .send({ email: `y-${user.email}` });
    expect([v1.status, v2.status]).toEqual([403, 403]);
    expect(await recordOf(admin, user.id)).toMatchObject({ email: user.email });
  });
});
