// A user sees their sessions and ends them; the listing never carries a session's token, which is
// a working credential for whoever reads it.
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";

const t = useTestApp();
const ORIGIN = "http://localhost:3000";

const profileStatus = async (cookie: string) => (await t.http.get("/api/profile").set("Cookie", cookie)).status;
const listSessions = (cookie: string) => t.http.get("/api/auth/list-sessions").set("Cookie", cookie);

describe("a user's sessions", () => {
  it("lists each session's dates, user agent and address, never its token", async () => {
    const user = await signUp(t);
    await signIn(t.http, user);
    const res = await listSessions(user.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    for (const session of res.body as Record<string, unknown>[]) {
      expect(session).not.toHaveProperty("token");
      expect(session).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        }),
      );
      expect(session).toHaveProperty("userAgent");
      expect(session).toHaveProperty("ipAddress");
    }
    expect(res.text).not.toContain(user.cookie.split("=")[1]!.split(".")[0]!);
  });

  it("ends one session by the id the listing gives, and only one's own", async () => {
    const user = await signUp(t);
    const other = await signIn(t.http, user);
    const stranger = await signUp(t);
    const otherId = (
      (await t.http.get("/api/auth/get-session").set("Cookie", other)).body as { session: { id: string } }
    ).session.id;
    expect(((await listSessions(user.cookie)).body as { id: string }[]).map((session) => session.id)).toContain(
      otherId,
    );

    const foreign = await t.http
      .post("/api/auth/revoke-session")
      .set("Cookie", stranger.cookie)
      .set("Origin", ORIGIN)
      .send({ id: otherId });
    expect(foreign.status).toBeLessThan(500);
    expect(await profileStatus(other)).toBe(200);

    const res = await t.http
      .post("/api/auth/revoke-session")
      .set("Cookie", user.cookie)
      .set("Origin", ORIGIN)
      .send({ id: otherId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(user.cookie)).toBe(200);
  });

  it("answers an id that is not a session's with a JSON 400", async () => {
    const user = await signUp(t);
    const res = await t.http
      .post("/api/auth/revoke-session")
      .set("Cookie", user.cookie)
      .set("Origin", ORIGIN)
      .send({ id: "x".repeat(10_000) });
    expect(res.status).toBe(400);
    expect(res.type).toBe("application/json");
  });
});
