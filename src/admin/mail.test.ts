import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.js";
import { markFailed } from "../mail/outbox.js";
import { PayloadSealer } from "../mail/sealed-payload.js";
import { signUp, unknownId, v2Errors } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

// No SMTP server is configured here, so no worker takes the rows these tests write.
const t = useTestApp();
const link = "https://posts.test/reset?token=secret-token-123";

async function queued(status: "pending" | "failed" | "sent", options: { expired?: boolean; dropped?: boolean } = {}) {
  const [row] = await t.database.db
    .insert(mailOutbox)
    .values({
      kind: "reset-password",
      recipient: `someone-${randomUUID()}@example.com`,
      messageId: `<${randomUUID()}@posts.test>`,
      payload: options.dropped ? null : new PayloadSealer("x".repeat(32)).seal({ name: "Ann", url: link }),
      status,
      attempts: status === "pending" ? 0 : 3,
      lastError: status === "failed" ? "refused: EENVELOPE 550" : null,
      expiresAt: new Date(Date.now() + (options.expired ? -1 : 1) * 60 * 60 * 1000),
      // To the millisecond, as a claim's lease is, so the row itself can stand for a claim.
      nextAttemptAt: new Date(),
    })
    .returning();
  return row!;
}

describe("the mail outbox for the console", () => {
  it("lists waiting and failed messages for an admin, with the last error and never the link", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const failed = await queued("failed");
    const pending = await queued("pending");
    const spent = await queued("failed", { expired: true });
    const sent = await queued("sent");

    const res = await t.http.get("/api/v2/admin/mail/").set("Cookie", admin.cookie);
    expect(res.status).toBe(200);
    const ids = res.body.results.map((mail: { id: string }) => mail.id);
    expect(ids).toEqual(expect.arrayContaining([failed.id, pending.id, spent.id]));
    expect(ids).not.toContain(sent.id);
    expect(res.body.results.find((mail: { id: string }) => mail.id === failed.id)).toEqual({
      id: failed.id,
      kind: "reset-password",
      subject: "Reset your password",
      recipient: failed.recipient,
      status: "failed",
      attempts: 3,
      lastError: "refused: EENVELOPE 550",
      nextAttemptAt: failed.nextAttemptAt.toISOString(),
      expiresAt: failed.expiresAt.toISOString(),
      createdAt: failed.createdAt.toISOString(),
      retryable: true,
    });
    expect(res.body.results.find((mail: { id: string }) => mail.id === spent.id).retryable).toBe(false);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("token");
    expect(text).not.toContain(failed.messageId);
    expect(text).not.toContain("payload");

    const onlyFailed = await t.http.get("/api/v2/admin/mail/?status=failed").set("Cookie", admin.cookie);
    expect(onlyFailed.body.results.every((mail: { status: string }) => mail.status === "failed")).toBe(true);
    expect(onlyFailed.body.count).toBe(2);
    const bad = await t.http.get("/api/v2/admin/mail/?status=sent").set("Cookie", admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("status");
  });

  it("queues a failed message again for an admin, audited, and refuses what cannot be sent", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const failed = await queued("failed");
    const res = await t.http.post(`/api/v2/admin/mail/${failed.id}/retry/`).set("Cookie", admin.cookie);
    expect(res.status).toBe(204);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
    expect(row).toMatchObject({ status: "pending", attempts: 3, payload: failed.payload });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const trail = await t.http.get("/api/v2/admin/audit/?action=mail.retry").set("Cookie", admin.cookie);
    expect(trail.body.results[0]).toMatchObject({
      actorId: admin.id,
      targetId: failed.id,
      details: { kind: "reset-password" },
    });

    const again = await t.http.post(`/api/v2/admin/mail/${failed.id}/retry/`).set("Cookie", admin.cookie);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "Only a failed message can be retried", code: "mail_not_failed" });
    for (const spent of [await queued("failed", { expired: true }), await queued("failed", { dropped: true })]) {
      const refused = await t.http.post(`/api/v2/admin/mail/${spent.id}/retry/`).set("Cookie", admin.cookie);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("mail_not_retryable");
    }
    const missing = await t.http.post(`/api/v2/admin/mail/${unknownId}/retry/`).set("Cookie", admin.cookie);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(v2Errors.notFound);
    const malformed = await t.http.post("/api/v2/admin/mail/not-an-id/retry/").set("Cookie", admin.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toHaveProperty("id");
  });

  it("refuses a moderator, a user and an anonymous caller, and changes nothing", async () => {
    const failed = await queued("failed");
    for (const roles of [["MODERATOR"], ["USER"]] as const) {
      const caller = await signUp(t, { roles: [...roles] });
      expect((await t.http.get("/api/v2/admin/mail/").set("Cookie", caller.cookie)).status).toBe(403);
      const retry = await t.http.post(`/api/v2/admin/mail/${failed.id}/retry/`).set("Cookie", caller.cookie);
      expect(retry.status).toBe(403);
      expect(retry.body).toEqual(v2Errors.forbidden);
    }
    expect((await t.http.get("/api/v2/admin/mail/")).status).toBe(401);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
    expect(row!.status).toBe("failed");
  });
});

describe("what a given-up message keeps", () => {
  it("keeps the sealed values of a message the relay refused, for a retry, and drops the others'", async () => {
    const refused = await queued("pending");
    const expired = await queued("pending", { expired: true });
    await markFailed(t.database.db, refused, "refused: EENVELOPE 550", true);
    await markFailed(t.database.db, expired, "expired before it could be sent");
    const payloadOf = async (id: string) =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    expect(await payloadOf(refused.id)).toMatchObject({ status: "failed", payload: refused.payload });
    expect(await payloadOf(expired.id)).toMatchObject({ status: "failed", payload: null });
  });
});
