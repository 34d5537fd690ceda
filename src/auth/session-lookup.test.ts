import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { ChangeFeed } from "../changes/index.js";
import { sessions, users } from "../db/schema.js";
import { createLogger } from "../logging/logger.js";
import { createSessionCache } from "./session-cache.js";
import { createSessionLookup, guardSessionOf, unmodelledSessionOptions } from "./session-lookup.js";

// The route guards read sessions without better-auth's getSession (session-lookup.ts); these are
// the cases where the two could disagree. Sign-out, forged cookies and role changes are covered
// with the guards (auth.test.ts, users.test.ts). Nothing is remembered here, so every request reads
// the database as written straight to it; session-cache.test.ts covers the cache.
const t = useTestApp({ SESSION_CACHE_MS: "0" });
const noAuthSession = { error: "No auth session" };
const DAY_MS = 24 * 60 * 60 * 1000;

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;
const signed = (token: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", t.config.authSecret).update(token).digest("base64")}`);

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
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
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

describe("the guards' session fast path agrees with better-auth's getSession", () => {
  const headersOf = (cookie: string) => new Headers({ cookie });
  /** The fast path's answer first (it hands refreshes to better-auth), then better-auth's own for the same cookie. */
  async function bothAnswers(cookie: string) {
    const findSession = createSessionLookup({
      auth: t.auth,
      db: t.database.db,
      cache: createSessionCache(ChangeFeed.none(), 0),
      logger: t.logger,
    });
    const fast = await findSession(cookie, () => t.auth.api.getSession({ headers: headersOf(cookie) }));
    const official = guardSessionOf(await t.auth.api.getSession({ headers: headersOf(cookie) }));
    return { fast, official };
  }
  const setExpiry = (token: string, expiresAt: Date) =>
    t.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, token));

  it.each([
    ["a fresh session", async () => undefined],
    ["a session due for its refresh", async (token: string) => setExpiry(token, new Date(Date.now() + 5 * DAY_MS))],
    ["an expired session", async (token: string) => setExpiry(token, new Date(Date.now() - 1000))],
    ["a revoked session", async (token: string) => t.database.db.delete(sessions).where(eq(sessions.token, token))],
    [
      "the session of a deleted user",
      async (_token: string, userId: string) => t.database.db.delete(users).where(eq(users.id, userId)),
    ],
    [
      "a session whose user's roles changed",
      async (_token: string, userId: string) =>
        t.database.db
          .update(users)
          .set({ roles: ["MODERATOR", "USER"] })
          .where(eq(users.id, userId)),
    ],
  ] as const)("field by field for %s", async (_case, change) => {
    const user = await signUp(t);
    await change(tokenOf(user.cookie), user.id);
    const { fast, official } = await bothAnswers(user.cookie);
    expect(fast).toEqual(official);
  });

  it("answers for a live session with its id, user, roles and expiry", async () => {
    const user = await signUp(t);
    const { fast } = await bothAnswers(user.cookie);
    expect(fast).toMatchObject({
      session: { userId: user.id },
      user: { id: user.id, name: user.name, roles: ["USER"] },
    });
  });

  it("is off, with one log line, under a better-auth option it does not model, and then answers as getSession", async () => {
    const lines: string[] = [];
    const logger = createLogger(t.config);
    logger.on("data", (info: { message: string }) => lines.push(info.message));
    const withCookieCache = betterAuth({ ...t.auth.options, session: { cookieCache: { enabled: true, maxAge: 60 } } });
    const findSession = createSessionLookup({
      auth: withCookieCache as unknown as typeof t.auth,
      db: t.database.db,
      cache: createSessionCache(ChangeFeed.none(), 0),
      logger,
    });
    expect(lines.filter((line) => line.includes("Session fast path off"))).toEqual([
      "Session fast path off (better-auth options it does not model: session.cookieCache): sessions are read through better-auth's getSession",
    ]);
    const user = await signUp(t);
    const official = await withCookieCache.api.getSession({ headers: headersOf(user.cookie) });
    expect(await findSession(user.cookie, async () => official)).toEqual(guardSessionOf(official));
  });

  it("names each option it does not model, and none of the service's own", () => {
    expect(unmodelledSessionOptions(t.auth.options)).toEqual([]);
    expect(
      unmodelledSessionOptions({
        secondaryStorage: {} as BetterAuthOptions["secondaryStorage"],
        session: { disableSessionRefresh: true, additionalFields: { device: { type: "string" } } },
        user: { additionalFields: { roles: { type: "string[]" }, nickname: { type: "string" } } },
        plugins: [
          {
            id: "sign-up-only",
            hooks: {
              before: [{ matcher: (context) => context.path === "/sign-up/email", handler: async () => undefined }],
            },
          },
          { id: "everywhere", hooks: { after: [{ matcher: () => true, handler: async () => undefined }] } },
          { id: "with-schema", schema: {} },
        ] as BetterAuthOptions["plugins"],
        hooks: {},
      }),
    ).toEqual([
      "secondaryStorage",
      "session.additionalFields",
      "session.disableSessionRefresh",
      "user.additionalFields.nickname",
      "plugins.everywhere",
      "plugins.with-schema",
      "hooks",
    ]);
  });
});
