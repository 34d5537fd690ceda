// Two-factor sign-in over HTTP, with codes computed as an authenticator app computes them.
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { sessionCookieOf, signUp, type TestUser, unknownId } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { auditLog } from "../db/schema.js";

const t = useTestApp({ REQUIRE_TWO_FACTOR_ROLES: "ADMIN" });
const ORIGIN = "http://localhost:3000";
const PERIOD_MS = 30_000;

interface Enrolled extends TestUser {
  totp: OTPAuth.TOTP;
  backupCodes: string[];
}

const post = (path: string, body: unknown, cookie?: string) => {
  const req = t.http.post(`/api/auth${path}`).set("Origin", ORIGIN);
  if (cookie) req.set("Cookie", cookie);
  return req.send(body as object);
};

/** The code an authenticator shows, `periods` periods from now (the plugin accepts one either side). */
const codeAt = (totp: OTPAuth.TOTP, periods = 0) => totp.generate({ timestamp: Date.now() + periods * PERIOD_MS });

function cookieNamed(res: { headers: Record<string, unknown> }, name: string): string {
  const cookies = res.headers["set-cookie"] as string[];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`))!.split(";")[0]!;
}

async function enrol(user: TestUser): Promise<Enrolled> {
  const enabled = await post("/two-factor/enable", { password: user.password }, user.cookie);
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  expect(enabled.body.backupCodes).toHaveLength(10);
  const totp = OTPAuth.URI.parse(enabled.body.totpURI as string) as OTPAuth.TOTP;
  const confirmed = await post("/two-factor/verify-totp", { code: codeAt(totp) }, user.cookie);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return {
    ...user,
    cookie: sessionCookieOf(confirmed.headers["set-cookie"]),
    totp,
    backupCodes: enabled.body.backupCodes,
  };
}

/** Signs in with the password; answers the cookie of the two-factor challenge. */
async function challenge(user: TestUser): Promise<string> {
  const res = await post("/sign-in/email", { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  expect(res.body.token).toBeUndefined();
  return cookieNamed(res, "auth.two_factor");
}

const profileStatus = async (cookie: string) => (await t.http.get("/api/profile").set("Cookie", cookie)).status;

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.targetId, userId));
  return rows.map((row) => row.action);
}

/** A well-formed code the authenticator would not show now. */
function wrongCode(totp: OTPAuth.TOTP): string {
  const valid = new Set([-1, 0, 1].map((periods) => codeAt(totp, periods)));
  let code = 0;
  while (valid.has(String(code).padStart(6, "0"))) code += 1;
  return String(code).padStart(6, "0");
}

describe("two-factor sign-in", () => {
  it("enrols with the password, then asks for a code before any session exists", async () => {
    const user = await enrol(await signUp(t));
    expect(await profileStatus(user.cookie)).toBe(200);

    const pending = await challenge(user);
    expect(await profileStatus(pending)).toBe(401);
    const res = await post("/two-factor/verify-totp", { code: codeAt(user.totp, 1) }, pending);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await profileStatus(sessionCookieOf(res.headers["set-cookie"]))).toBe(200);
    expect(await auditActions(user.id)).toEqual(["user.two_factor_enable"]);
  });

  it("refuses enrolment with a wrong password", async () => {
    const user = await signUp(t);
    const res = await post("/two-factor/enable", { password: "not the password" }, user.cookie);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PASSWORD");
  });

  it("ends the challenge after five wrong codes, even before the right one", async () => {
    const user = await enrol(await signUp(t));
    const pending = await challenge(user);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await post("/two-factor/verify-totp", { code: wrongCode(user.totp) }, pending);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("INVALID_CODE");
    }
    const res = await post("/two-factor/verify-totp", { code: codeAt(user.totp, 1) }, pending);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    expect((await post("/two-factor/verify-totp", { code: codeAt(user.totp, 1) }, pending)).status).toBe(401);
  });

  it("refuses a code that was already used, also on a new challenge", async () => {
    const user = await enrol(await signUp(t));
    const code = codeAt(user.totp, 1);
    expect((await post("/two-factor/verify-totp", { code }, await challenge(user))).status).toBe(200);

    const replay = await post("/two-factor/verify-totp", { code }, await challenge(user));
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("CODE_ALREADY_USED");
    expect(replay.headers["set-cookie"]?.toString() ?? "").not.toMatch(/session_token=[^;]/);
  });

  it("accepts each backup code once and audits its use", async () => {
    const user = await enrol(await signUp(t));
    const [backupCode] = user.backupCodes;
    const used = await post("/two-factor/verify-backup-code", { code: backupCode }, await challenge(user));
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(await profileStatus(sessionCookieOf(used.headers["set-cookie"]))).toBe(200);

    const again = await post("/two-factor/verify-backup-code", { code: backupCode }, await challenge(user));
    expect(again.status).toBe(401);
    expect(await auditActions(user.id)).toContain("user.two_factor_backup_code_used");
  });

  it("disables with the password only, and sign-in then needs no code", async () => {
    const user = await enrol(await signUp(t));
    const refused = await post("/two-factor/disable", { password: "not the password" }, user.cookie);
    expect(refused.status).toBe(400);

    const res = await post("/two-factor/disable", { password: user.password }, user.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const signedIn = await post("/sign-in/email", { email: user.email, password: user.password });
    expect(signedIn.status).toBe(200);
    expect(await profileStatus(sessionCookieOf(signedIn.headers["set-cookie"]))).toBe(200);
    expect(await auditActions(user.id)).toEqual(["user.two_factor_enable", "user.two_factor_disable"]);
  });

  for (const [what, code] of [
    ["a huge code", "1".repeat(200_000)],
    ["letters", "12a4b6"],
    ["a number", 123456],
    ["no code", undefined],
  ] as const) {
    it(`answers ${what} with a JSON 400 and counts no attempt`, async () => {
      const user = await enrol(await signUp(t));
      const pending = await challenge(user);
      for (const path of ["/two-factor/verify-totp", "/two-factor/verify-backup-code"]) {
        const res = await post(path, { code }, pending);
        expect(res.status).toBe(400);
        expect(res.type).toBe("application/json");
      }
      expect((await post("/two-factor/verify-totp", { code: codeAt(user.totp, 1) }, pending)).status).toBe(200);
    });
  }
});

describe("REQUIRE_TWO_FACTOR_ROLES", () => {
  it("refuses an admin without two-factor on admin routes until they enrol", async () => {
    const admin = await signUp(t, { roles: ["ADMIN"] });
    const refused = await t.http.get("/api/admin/users").set("Cookie", admin.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Two-factor sign-in required", code: "two_factor_required" });
    expect(await profileStatus(admin.cookie)).toBe(200);

    const enrolled = await enrol(admin);
    expect((await t.http.get("/api/admin/users").set("Cookie", enrolled.cookie)).status).toBe(200);
  });

  it("leaves holders of other roles alone", async () => {
    const moderator = await signUp(t, { roles: ["MODERATOR"] });
    const res = await t.http
      .post("/api/moderate")
      .set("Cookie", moderator.cookie)
      .send({ postId: unknownId, action: "hide" });
    expect(res.status).toBe(404);
  });
});
