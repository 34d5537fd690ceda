// Changing the password ends every other session of the user, whatever the client asks: a stolen
// cookie must not outlive a password change. The session that made the change goes on.
import { describe, expect, it } from "vitest";
import { signIn, signUp, type TestUser } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();
const ORIGIN = "http://localhost:3000";

function changePassword(cookie: string, user: TestUser, extra: Record<string, unknown> = {}) {
  return t.http
    .post("/api/auth/change-password")
    .set("Cookie", cookie)
    .set("Origin", ORIGIN)
    .send({ currentPassword: user.password, newPassword: "a brand new password", ...extra });
}

const profileStatus = async (cookie: string) => (await t.http.get("/api/profile").set("Cookie", cookie)).status;

describe("POST /api/auth/change-password", () => {
  for (const [asked, extra] of [
    ["nothing about other sessions", {}],
    ["to keep the other sessions", { revokeOtherSessions: false }],
  ] as const) {
    it(`ends the user's other sessions when the client asks ${asked}`, async () => {
      const user = await signUp(t);
      const other = await signIn(t.http, user);
      const stranger = await signUp(t);
      expect(await profileStatus(other)).toBe(200);

      const res = await changePassword(user.cookie, user, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await profileStatus(other)).toBe(401);
      expect((await t.http.get("/api/auth/get-session").set("Cookie", other)).body).toBeNull();
      expect(await profileStatus(user.cookie)).toBe(200);
      expect(await profileStatus(stranger.cookie)).toBe(200);
    });
  }

  it("leaves the client's own choice to renew the session working", async () => {
    const user = await signUp(t);
    const other = await signIn(t.http, user);
    const res = await changePassword(user.cookie, user, { revokeOtherSessions: true });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(await profileStatus(other)).toBe(401);
    const renewed = res.headers["set-cookie"] as unknown as string[];
    expect(
      await profileStatus(renewed.find((cookie) => cookie.startsWith("auth.session_token="))!.split(";")[0]!),
    ).toBe(200);
  });

  it("ends no session when the current password is wrong", async () => {
    const user = await signUp(t);
    const other = await signIn(t.http, user);
    const res = await changePassword(user.cookie, { ...user, password: "not the password" });
    expect(res.status).toBe(400);
    expect(await profileStatus(other)).toBe(200);
    expect(await profileStatus(user.cookie)).toBe(200);
  });
});
