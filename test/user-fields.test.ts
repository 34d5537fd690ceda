// A name is shown on one line and an address must be deliverable: the same rules hold wherever a
// user's name or email is set (sign-up, update-user, change-email, both versions' user routes).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "./factories.js";
import { useTestApp } from "./harness.js";
import { TestSmtpServer } from "./smtp.js";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
const ORIGIN = "http://localhost:3000";
const PASSWORD = "a long passphrase";

describe("a name with a line or paragraph separator", () => {
  it("is refused at sign-up, on update-user and on both versions' user routes", async () => {
    const user = await signUp(t);
    for (const name of ["Ann\u2028Lee", "Ann\u2029Lee"]) {
      const email = `sep-${randomUUID()}@example.com`;
      const signedUp = await t.http.post("/api/auth/sign-up/email").send({ name, email, password: PASSWORD });
      expect(signedUp.status, JSON.stringify(name)).toBe(400);
      expect(signedUp.body).toMatchObject({ code: "INVALID_NAME" });
      const updated = await t.http
        .post("/api/auth/update-user")
        .set("Cookie", user.cookie)
        .set("Origin", ORIGIN)
        .send({ name });
      expect(updated.status).toBe(400);
      const v1 = await t.http.post("/api/users").send({ name, email, password: PASSWORD });
      expect(v1.status).toBe(400);
      expect(Object.keys(v1.body.details)).toEqual(["body.name"]);
      const v2 = await t.http.post("/api/v2/users/").send({ name, email, password: PASSWORD });
      expect(v2.status).toBe(400);
      expect(v2.body).toEqual({ name: ["Must be one line, without control or text-direction characters"] });
      const put = await t.http.put(`/api/users/${user.id}`).set("Cookie", user.cookie).send({ name });
      expect(put.status).toBe(400);
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.name).toBe(user.name);
  });
});

describe("an email whose local part is over 64 characters", () => {
  const tooLong = () => `${"a".repeat(65)}@example.com`;

  it("is refused at sign-up, on change-email and on both versions' user routes", async () => {
    const signedUp = await t.http
      .post("/api/auth/sign-up/email")
      .send({ name: "Long Local", email: tooLong(), password: PASSWORD });
    expect(signedUp.status).toBe(400);
    expect(signedUp.body).toMatchObject({ code: "INVALID_EMAIL" });
    const v1 = await t.http.post("/api/users").send({ name: "Long Local", email: tooLong(), password: PASSWORD });
    expect(v1.status).toBe(400);
    expect(Object.keys(v1.body.details)).toEqual(["body.email"]);
    const v2 = await t.http.post("/api/v2/users/").send({ name: "Long Local", email: tooLong(), password: PASSWORD });
    expect(v2.status).toBe(400);
    expect(Object.keys(v2.body)).toEqual(["email"]);

    const user = await signUp(t);
    const changed = await t.http
      .post("/api/auth/change-email")
      .set("Cookie", user.cookie)
      .set("Origin", ORIGIN)
      .send({ newEmail: tooLong() });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: "INVALID_EMAIL" });
  });

  it("still accepts a local part of exactly 64 characters", async () => {
    const email = `${"b".repeat(28)}-${randomUUID()}@example.com`;
    expect(email.indexOf("@")).toBe(65);
    const res = await t.http
      .post("/api/auth/sign-up/email")
      .send({ name: "Long Local", email: email.slice(1), password: PASSWORD });
    expect(res.status).toBe(200);
  });
});
