import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { RememberedReads, writesSoFar } from "../db/remembered-reads.js";
import { sessions, users } from "../db/schema.js";
import type { Auth, AuthSession } from "./auth.js";

const sessionColumns = {
  id: sessions.id,
  token: sessions.token,
  expiresAt: sessions.expiresAt,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
  userId: sessions.userId,
  createdAt: sessions.createdAt,
  updatedAt: sessions.updatedAt,
};

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  roles: users.roles,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** What the lookup needs from better-auth's context, read once. */
interface SessionSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
  /** Cookie cache, secondary storage, plugins or hooks: anything that changes how a session is read. */
  readsElsewhere: boolean;
}

// Sessions remembered at once; past it the least recently used are read again.
const REMEMBERED_SESSIONS = 10_000;

/**
 * The session of a request, as better-auth's `getSession` answers it, for the route guards
 * (issue 6: the authenticated list spent a third of its CPU in `getSession`). better-auth stays the
 * authority: it signs the cookie, creates, refreshes and ends sessions. This reads a session the
 * way it does (the signed `session_token` cookie, then the session and its user, here in one
 * prepared query) and hands every case that would write back to it: an expired session (it
 * deletes the row) and a session due for its daily refresh.
 *
 * A session read is remembered for `rememberMs` (SESSION_CACHE_MS), since a browser app fires
 * several requests at once; any write through this process forgets it (remembered-reads.ts), so
 * sign-out, a deleted user and a role change take effect on the next request here, and within
 * `rememberMs` on other instances (better-auth's cookie cache would delay them by its max age,
 * minutes, everywhere). Expiry is checked on every request.
 */
export function createSessionLookup(auth: Auth, db: Db, rememberMs: number) {
  let settings: SessionSettings | undefined;
  const remembered = new RememberedReads<AuthSession>({ max: REMEMBERED_SESSIONS, ttlMs: rememberMs });
  const byToken = db
    .select({ session: sessionColumns, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("session_with_user_by_token");

  async function readSettings(): Promise<SessionSettings> {
    const context = await auth.$context;
    // Widened: the inferred type knows only the options this service sets.
    const options: BetterAuthOptions = context.options;
    return {
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
      readsElsewhere:
        options.session?.cookieCache?.enabled === true ||
        options.secondaryStorage !== undefined ||
        (options.plugins?.length ?? 0) > 0 ||
        options.hooks !== undefined,
    };
  }

  return async function findSession(cookieHeader: string | undefined, viaBetterAuth: () => Promise<AuthSession | null>) {
    settings ??= await readSettings();
    if (settings.readsElsewhere) return viaBetterAuth();
    const token = signedCookieValue(cookieHeader, settings.cookieName, settings.secret);
    if (token === undefined) return null;
    const writesBefore = writesSoFar();
    const known = remembered.get(token);
    const found = known ?? ((await byToken.execute({ token }))[0] as AuthSession | undefined);
    if (!found) return null;
    const expiresAt = found.session.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt <= now || expiresAt - settings.expiresInMs + settings.updateAgeMs <= now) return viaBetterAuth();
    // Only a fresh read: remembering again on every hit would keep a busy session forever. Frozen,
    // since every request of this session shares it for a while.
    if (!known) remembered.remember(token, deepFreeze(found), writesBefore);
    return found;
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

function deepFreeze(found: AuthSession): AuthSession {
  Object.freeze(found.user.roles);
  Object.freeze(found.user);
  Object.freeze(found.session);
  return Object.freeze(found);
}

/**
 * The value of a cookie signed as better-call signs it (`<value>.<base64 HMAC-SHA256>`, URL-encoded),
 * read as better-call reads it: the first cookie of that name, trimmed, unquoted, decoded.
 */
export function signedCookieValue(cookieHeader: string | undefined, name: string, secret: string): string | undefined {
  const raw = cookieValue(cookieHeader, name);
  if (!raw) return undefined;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return undefined;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  // Compared as text, not as decoded bytes: base64 decoding ignores the low bits of the last
  // character, so four spellings of one signature would otherwise pass.
  const given = Buffer.from(signature);
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
