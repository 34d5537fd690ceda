import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { runRequest } from "../db/replicas.js";
import { UNSAFE_METHODS } from "./methods.js";

// Sessions that wrote recently; bounded, so a flood of sign-ins cannot grow it without end.
const MAX_STICKY_SESSIONS = 50_000;

/**
 * Express middleware giving each request its routing: on the primary for an unsafe method or a
 * session that wrote within `stickyMs`, on a replica otherwise until the request writes. A request
 * that wrote marks its session (the cookie it came with and any session cookie it set, e.g. on
 * sign-in, which inserts the session) for the window.
 */
export function readRouting({ stickyMs }: { stickyMs: number }): RequestHandler {
  const recentWriters = new LRUCache<string, true>({ max: MAX_STICKY_SESSIONS, ttl: Math.max(stickyMs, 1) });
  return (req, res, next) => {
    const token = sessionTokenIn(req.headers.cookie);
    // An unsafe method reads from the primary from the start; its session is marked only once it
    // really writes, so requests refused before any write (bad input, no session, rate limit)
    // cannot crowd the store with made-up cookies.
    const primary = UNSAFE_METHODS.has(req.method) || (token !== undefined && recentWriters.has(token));
    const routed = runRequest(primary, next);
    // `close`, not `finish`: a write whose client went away before the answer may have committed.
    // Emitted on a later tick, so a request answered within `next` still marks its session.
    res.once("close", () => {
      if (!routed.wrote || stickyMs === 0) return;
      for (const written of [token, ...setSessionTokens(res.getHeader("set-cookie"))]) {
        if (written) recentWriters.set(written, true);
      }
    });
  };
}

// better-auth's cookie is `<prefix>.session_token` (with `__Secure-` in production).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w-]+\.session_token=([^;]+)/;

function sessionTokenIn(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
  return value ? value.trim() : undefined;
}

function setSessionTokens(header: ReturnType<Response["getHeader"]>): (string | undefined)[] {
  const cookies = Array.isArray(header) ? header : typeof header === "string" ? [header] : [];
  return cookies.map((cookie) => sessionTokenIn(cookie.split(";", 1)[0]));
}
