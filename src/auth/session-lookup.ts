import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { eq, sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { sessions, users } from "../db/schema.js";
import type { Logger } from "../logging/logger.js";
import type { Auth, AuthSession } from "./auth.js";
import type { Role } from "../roles.js";
import type { GuardSession, SessionCache } from "./session-cache.js";

/** What the lookup needs from better-auth's context, read once. */
interface SessionSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/**
 * better-auth options that change how a session is read, refreshed or shaped, which the fast path
 * does not reproduce. With any of them set, every session is read through better-auth's getSession.
 */
export function unmodelledSessionOptions(options: BetterAuthOptions): string[] {
  const found: string[] = [];
  if (options.session?.cookieCache?.enabled === true) found.push("session.cookieCache");
  if (options.secondaryStorage !== undefined) found.push("secondaryStorage");
  if (options.session?.additionalFields !== undefined) found.push("session.additionalFields");
  for (const setting of ["disableSessionRefresh", "deferSessionRefresh", "fields"] as const) {
    if (options.session?.[setting] !== undefined) found.push(`session.${setting}`);
  }
  if (options.user?.fields !== undefined) found.push("user.fields");
  for (const field of Object.keys(options.user?.additionalFields ?? {}))
    if (field !== "roles") found.push(`user.additionalFields.${field}`);
  for (const plugin of options.plugins ?? []) if (pluginTouchesSessions(plugin)) found.push(`plugins.${plugin.id}`);
  if (options.hooks !== undefined) found.push("hooks");
  return found;
}

// What a plugin may hold and still leave session reads alone: hooks that never run on get-session.
const PLUGIN_KEYS_THAT_LEAVE_SESSIONS = new Set(["id", "hooks", "$ERROR_CODES"]);
// Plugins read and found to leave session reads alone whatever else they hold, their hooks still
// checked: two-factor (its endpoints, a user column the guards do not read, a hook after sign-in,
// which holds the session back until the code is verified), the service's own two-factor-rules
// (hooks on the code endpoints, an audit entry after a user update) and generic-oauth (its init
// registers the identity provider) and passkey (its endpoints; its sign-in creates a session as
// sign-in with a password does). session-lookup.test.ts holds the fast path to getSession with
// the two-factor and passkey plugins on.
const PLUGINS_THAT_LEAVE_SESSIONS = new Set(["two-factor", "two-factor-rules", "generic-oauth", "passkey"]);
type PluginHook = NonNullable<NonNullable<BetterAuthPlugin["hooks"]>["before"]>[number];
const SESSION_READ = { path: "/get-session" } as unknown as Parameters<PluginHook["matcher"]>[0];

/** Whether a plugin could change how a session is read: anything but hooks on other endpoints. */
function pluginTouchesSessions(plugin: BetterAuthPlugin): boolean {
  const known = PLUGINS_THAT_LEAVE_SESSIONS.has(plugin.id);
  if (!known && Object.keys(plugin).some((key) => !PLUGIN_KEYS_THAT_LEAVE_SESSIONS.has(key))) return true;
  const hooks = [...(plugin.hooks?.before ?? []), ...(plugin.hooks?.after ?? [])];
  return hooks.some((hook) => {
    try {
      return hook.matcher(SESSION_READ);
    } catch {
      return true;
    }
  });
}

/** The guards' view of a session better-auth returned. */
export function guardSessionOf(found: AuthSession | null): GuardSession | null {
  if (!found) return null;
  const { session, user } = found;
  return {
    session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt },
    user: { id: user.id, name: user.name, roles: user.roles as Role[] },
  };
}

export interface SessionLookupDeps {
  auth: Auth;
  db: DrizzleDb;
  cache: SessionCache;
  logger: Logger;
}

/**
 * The session of a request, as better-auth's `getSession` answers it, for the route guards (the
 * authenticated list spent a third of its CPU in `getSession`). better-auth stays the authority:
 * it signs the cookie, creates, refreshes and ends sessions. This reads a session the way it does
 * (the signed `session_token` cookie, then the session and its user, in one prepared query) and
 * hands every case that would write back to it: an expired session (it deletes the row) and a
 * session due for its daily refresh. session-lookup.test.ts holds the two to the same answers.
 *
 * A session read is kept in the app's session cache (session-cache.ts) until a committed change
 * to that user's sessions or user row is announced; expiry is checked on every request.
 */
export function createSessionLookup({ auth, db, cache, logger }: SessionLookupDeps) {
  const unmodelled = unmodelledSessionOptions(auth.options);
  if (unmodelled.length > 0) {
    logger.warn(
      `Session fast path off (better-auth options it does not model: ${unmodelled.join(", ")}): sessions are read through better-auth's getSession`,
    );
  }
  let settings: SessionSettings | undefined;
  const byToken = db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
      user: { id: users.id, name: users.name, roles: users.roles },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("guard_session_by_token");

  async function readSettings(): Promise<SessionSettings> {
    const context = await auth.$context;
    return {
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    };
  }

  return async function findSession(
    cookieHeader: string | undefined,
    viaBetterAuth: () => Promise<AuthSession | null>,
  ): Promise<GuardSession | null> {
    if (unmodelled.length > 0) return guardSessionOf(await viaBetterAuth());
    settings ??= await readSettings();
    const token = signedCookieValue(cookieHeader, settings.cookieName, settings.secret);
    if (token === undefined) return null;
    const cached = cache.get(token);
    const ticket = cache.ticket();
    const found = cached ?? (await byToken.execute({ token }))[0];
    if (!found) return null;
    const expiresAt = found.session.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt <= now || expiresAt - settings.expiresInMs + settings.updateAgeMs <= now)
      return guardSessionOf(await viaBetterAuth());
    // Only a fresh read: keeping it again on every hit would keep a busy session for ever. Frozen,
    // since every request of this session shares it.
    if (!cached) cache.set(token, deepFreeze(found), ticket);
    return found;
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

function deepFreeze(found: GuardSession): GuardSession {
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
