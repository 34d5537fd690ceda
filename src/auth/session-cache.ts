import { ChangeAwareCache, type ChangeFeed, stringBytes } from "../changes/index.js";
import type { Role } from "../roles.js";

/** What the route guards need of a session: who, with which roles, until when. Nothing a user can make large. */
export interface GuardSession {
  session: { id: string; userId: string; expiresAt: Date };
  user: { id: string; name: string; roles: Role[] };
}

// At most 10,000 sessions and 8 MB: a session is about 400 bytes with a name of the longest
// allowed (100 characters), so the entry bound is the one reached first.
const MAX_SESSIONS = 10_000;
const MAX_BYTES = 8 * 1024 * 1024;
// Object headers, the Date, the arrays and the cache's own bookkeeping, per entry.
const ENTRY_OVERHEAD_BYTES = 200;

export type SessionCache = ChangeAwareCache<GuardSession>;

/**
 * Sessions by token, for the route guards. An entry goes when its user's sessions or user row
 * change (sign-out, revocation, refresh, password or role change, deletion: whoever commits it),
 * after `ttlMs` (SESSION_CACHE_MS) at the latest, and all go while the change feed is not listening.
 */
export function createSessionCache(feed: ChangeFeed, ttlMs: number): SessionCache {
  return new ChangeAwareCache<GuardSession>(feed, {
    maxEntries: MAX_SESSIONS,
    maxBytes: MAX_BYTES,
    ttlMs,
    bytesOf: (token, { session, user }) =>
      ENTRY_OVERHEAD_BYTES +
      stringBytes(token) +
      stringBytes(session.id) +
      stringBytes(session.userId) +
      stringBytes(user.id) +
      stringBytes(user.name) +
      user.roles.reduce((sum, role) => sum + stringBytes(role), 0),
    concerns: (change) => change.kind === "user",
    staleAfter: (change, { user }) =>
      change.kind === "user" && (change.ids === undefined || change.ids.includes(user.id)),
  });
}
