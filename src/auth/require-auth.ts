import { createHash, timingSafeEqual } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { GuardSession, SessionCache } from "./session-cache.js";
import { createSessionLookup } from "./session-lookup.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { onPrimary } from "../db/replicas.js";
import { impersonationTargetNotFound, insufficientRole, noAuthSession } from "../http/errors.js";
import { type Logger, redactUrl } from "../logging/logger.js";
import type { Actor, RequestActor } from "./actor.js";
import type { Auth } from "./auth.js";
import { holdsAnyRole } from "./policy.js";
import type { Role } from "../roles.js";

export interface AuthGuardDeps {
  auth: Auth;
  db: Db;
  config: Pick<Config, "isDevelopment" | "devAdminKey">;
  logger: Logger;
  sessionCache: SessionCache;
  accounts: GuardAccounts;
}

/** What the guards need of the users and the audit trail, which the app hands them. */
export interface GuardAccounts {
  /** The user an ADMIN asks to act as, read where their roles are current. */
  findUser(id: string): Promise<{ id: string; name: string; roles: Role[] } | undefined>;
  /** Records an elevation or an impersonation when the request is accepted. */
  recordAudit(entry: GuardAuditEntry): Promise<void>;
}

export interface GuardAuditEntry {
  actorId: string;
  action: "admin.impersonate" | "admin.elevate_with_admin_key";
  targetId?: string;
  method: string;
  path: string;
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
      await accounts.recordAudit({
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
      await accounts.recordAudit({
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
      next();
    };
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
