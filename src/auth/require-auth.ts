import { createHash, timingSafeEqual } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import { and, eq } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { GuardSession, SessionCache } from "./session-cache.js";
import { createSessionLookup } from "./session-lookup.js";
import type { Config } from "../config.js";
import { recordAudit } from "../db/audit-trail.js";
import type { DrizzleDb } from "../db/client.js";
import { onPrimary } from "../db/replicas.js";
import { sessions, users } from "../db/schema.js";
import { impersonationTargetNotFound, insufficientRole, noAuthSession, twoFactorRequired } from "../http/errors.js";
import { type Logger, redactUrl } from "../logging/logger.js";
import type { Actor, RequestActor } from "./actor.js";
import type { Auth } from "./auth.js";
import { holdsAnyRole } from "./policy.js";
import type { Role } from "../roles.js";

export interface AuthGuardDeps {
  auth: Auth;
  db: DrizzleDb;
  config: Pick<Config, "isDevelopment" | "devAdminKey" | "requireTwoFactorRoles">;
  logger: Logger;
  sessionCache: SessionCache;
  accounts: GuardAccounts;
}

/** What the guards need of the users feature, which the app hands them. */
export interface GuardAccounts {
  /** The user an ADMIN asks to act as, read where their roles are current. */
  findUser(id: string): Promise<{ id: string; name: string; roles: Role[] } | undefined>;
}

export function createAuthGuards({ auth, db, config, logger, sessionCache, accounts }: AuthGuardDeps) {
  const devAdminKeyDigest = config.isDevelopment && config.devAdminKey ? digest(config.devAdminKey) : undefined;

  function hasDevAdminKey(req: Request): boolean {
    if (!devAdminKeyDigest) return false;
    const given = req.query.adminKey;
    if (typeof given !== "string") return false;
    // Digests all have one length, so the time taken tells nothing about the key, not even its length.
    return timingSafeEqual(digest(given), devAdminKeyDigest);
  }

  /**
   * The guard's work once a session is found: the development adminKey may make the caller an
   * admin; the admin flag is settled before impersonation, so an admin acting as a non-admin stays
   * authorized; an admin's `impersonatingUser` replaces the session user; then the request carries
   * the result as its `actor`.
   */
  async function attachSession(req: Request, found: GuardSession): Promise<RequestActor> {
    const userRoles = found.user.roles;
    let isAdmin = userRoles.includes("ADMIN");
    if (hasDevAdminKey(req)) {
      isAdmin = true;
      const path = redactUrl(req.originalUrl);
      logger.debug("Admin elevation through adminKey", { userId: found.user.id, endpoint: `${req.method} ${path}` });
      await recordAudit(db, {
        actorId: found.user.id,
        action: "admin.elevate_with_admin_key",
        method: req.method,
        path,
      });
    }

    let session = found;
    let impersonatedBy: Actor["impersonatedBy"];
    const targetId = isAdmin ? impersonationAsked(req) : undefined;
    if (targetId !== undefined) {
      const path = redactUrl(req.originalUrl);
      // The target's roles and existence decide what this request may do: read where they are current.
      const target = await onPrimary(() => accounts.findUser(targetId));
      if (!target) throw impersonationTargetNotFound(targetId);
      session = { session: found.session, user: { id: target.id, name: target.name, roles: target.roles } };
      logger.debug("Admin impersonation", { adminId: found.user.id, targetId: target.id });
      // Every impersonated request, not only the first: the log shows what was done as the user.
      await recordAudit(db, {
        actorId: found.user.id,
        action: "admin.impersonate",
        targetId: target.id,
        method: req.method,
        path,
      });
      impersonatedBy = { id: found.user.id, roles: userRoles };
    }

    const { user } = session;
    const actor: RequestActor = {
      id: user.id,
      name: user.name,
      roles: user.roles,
      isAdmin,
      impersonatedBy,
      session: session.session,
    };
    req.actor = actor;
    return actor;
  }

  const lookUpSession = createSessionLookup({ auth, db, cache: sessionCache, logger });

  /** The session the request's cookie names, if it still holds; read on the primary, never on a lagging replica. */
  function findSession(req: Request): Promise<GuardSession | null> {
    return onPrimary(() =>
      lookUpSession(req.headers.cookie, () => auth.api.getSession({ headers: fromNodeHeaders(req.headers) })),
    );
  }

  /**
   * Whom a long-lived request (a live stream) acts for now: its session is looked up again and
   * the impersonation rules re-applied to the user's current roles; null once the session is gone,
   * the opener may no longer impersonate, or the impersonated user is gone. Nothing is audited:
   * the request was when it arrived.
   */
  async function actingUserNow(req: Request): Promise<string | null> {
    const found = await findSession(req);
    if (!found) return null;
    // Only the ADMIN role, not the development adminKey: a live stream cannot be opened with the key.
    const targetId = found.user.roles.includes("ADMIN") ? impersonationAsked(req) : undefined;
    if (targetId === undefined) return found.user.id;
    const target = await onPrimary(() => accounts.findUser(targetId));
    return target?.id ?? null;
  }

  /**
   * The route guard: 401 without a session, 403 unless the caller is admin or holds one of
   * `allowedRoles`; with no roles it only requires a session.
   */
  function requireAuth(...allowedRoles: Role[]): RequestHandler {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const found = await findSession(req);
      if (!found) throw noAuthSession();
      const actor = await attachSession(req, found);
      if (allowedRoles.length > 0 && !holdsAnyRole(actor, allowedRoles)) throw insufficientRole();
      if (needsTwoFactor(found.user.roles, allowedRoles) && !(await hasTwoFactor(found.user.id, found.session.id)))
        throw twoFactorRequired();
      next();
    };
  }

  /**
   * Whether the route admits the session's own user only through roles that REQUIRE_TWO_FACTOR_ROLES
   * names (an ADMIN passes every role gate, so ADMIN counts wherever a role is needed). Routes that
   * need no role, enrolment among them, stay open to everyone signed in.
   */
  function needsTwoFactor(userRoles: readonly Role[], allowedRoles: readonly Role[]): boolean {
    const required = config.requireTwoFactorRoles;
    if (required.length === 0 || allowedRoles.length === 0) return false;
    const admitting = userRoles.filter((role) => role === "ADMIN" || allowedRoles.includes(role));
    return admitting.length > 0 && admitting.every((role) => required.includes(role));
  }

  /**
   * Whether the user signs in with two factors (TOTP enrolled), or this session was signed in with
   * a passkey, which is both. Read on the primary: an enrolment just confirmed opens the routes at once.
   */
  async function hasTwoFactor(userId: string, sessionId: string): Promise<boolean> {
    const [row] = await onPrimary(() =>
      db
        .select({ enabled: users.twoFactorEnabled, passkey: sessions.passkeySignIn })
        .from(users)
        .leftJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
        .where(eq(users.id, userId)),
    );
    return row?.enabled === true || row?.passkey === true;
  }

  /** For routes that personalise their answer: a session is used when present, never required. */
  const optionalAuth: RequestHandler = async (req, _res, next) => {
    const found = await findSession(req);
    if (found) await attachSession(req, found);
    next();
  };

  return { actingUserNow, requireAuth, optionalAuth };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * The user an ADMIN's request asks to act as (`?impersonatingUser=`), as the request gave it. An
 * empty value asks for no one: a form or a client that always sends the parameter means no one.
 */
function impersonationAsked(req: Request): string | undefined {
  const asked = req.query.impersonatingUser;
  if (asked === undefined || asked === "") return undefined;
  return typeof asked === "string" ? asked : JSON.stringify(asked);
}
