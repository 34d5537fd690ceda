import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { sessions, users } from "../db/schema.js";

// The route guards read sessions without better-auth's getSession (session-lookup.ts); these are
// the cases where the two could disagree. Sign-out, forged cookies and role changes are covered
// with the guards (auth.test.ts, users.test.ts). Nothing is remembered here, so every request reads
// the database as written straight to it; session-cache.test.ts covers remembered reads.
const t = useTestApp({ SESSION_CACHE_MS: "0" });
const noAuthSession = { error: "No auth session" };
const DAY_MS = 24 * 60 * 60 * 1000;

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;
const signed = (token: string) => encodeURIComponent(`${token}.${createHmac("sha256", t.config.authSecret).update(token).digest("base64")}`);

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** The last character of a 32-byte base64 digest carries 4 bits; flipping its lowest decodes the same. */
const sameBytesOtherSpelling = (char: string) => BASE64[BASE64.indexOf(char) ^ 1]!;

async function sessionRow(token: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

describe("session lookup by the route guards", () => {
  it("refuses a session past its expiry, and better-auth removes it", async () => {
    const user = await signUp(t);
    const token = tokenOf(user.cookie);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    const res = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(noAuthSession);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("extends a session used a day or more after its last refresh, as better-auth does", async () => {
    const user = await signUp(t);
    const token = tokenOf(user.cookie);
    const twoDaysOld = new Date(Date.now() + 5 * DAY_MS);
    await t.database.db.update(sessions).set({ expiresAt: twoDaysOld }).where(eq(sessions.token, token));
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
    expect((await sessionRow(token))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it("refuses the session of a deleted user on the next request", async () => {
    const user = await signUp(t);
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).status).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const res = await t.http.get("/api/profile").set("Cookie", user.cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(noAuthSession);
  });

  it("refuses a correctly signed token that names no session, and a signature of the wrong shape", async () => {
    const user = await signUp(t);
    const token = tokenOf(user.cookie);
    const digest = createHmac("sha256", t.config.authSecret).update(token).digest("base64");
    for (const cookie of [
      `auth.session_token=${signed("no-such-session-token-at-all")}`,
      `auth.session_token=${encodeURIComponent(`${token}.${digest.slice(0, -1)}`)}`,
      `auth.session_token=${encodeURIComponent(`${token}.${digest.slice(0, -2)}${sameBytesOtherSpelling(digest.at(-2)!)}=`)}`,
      `auth.session_token=${token}`,
    ]) {
      const res = await t.http.get("/api/profile").set("Cookie", cookie);
      expect(res.status, cookie).toBe(401);
    }
  });

  it("reads the session cookie wherever it is in the header, the first one when repeated", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const res = await t.http.get("/api/profile").set("Cookie", `theme=dark; ${user.cookie} ; ${other.cookie}`);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });
});
