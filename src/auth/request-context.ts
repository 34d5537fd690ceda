import type { Request } from "express";
import { noAuthSession } from "../http/errors.js";
import type { Actor } from "./actor.js";
import type { GuardSession } from "../changes/index.js";
import type { Role } from "./roles.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The session, whose user is the impersonated one during impersonation. */
      authSession?: GuardSession;
      /** The id of the acting user. */
      requestorId?: string;
      /** Who the request acts as, for the permission rules (auth/policy.ts). */
      actor?: Actor;
    }
  }
}

/** The acting user of a request that passed `requireAuth`. */
export function actorOf(req: Request): Actor {
  const actor = optionalActorOf(req);
  if (!actor) throw noAuthSession();
  return actor;
}

/** The acting user, or null for an anonymous request on an optional-auth route. */
export function optionalActorOf(req: Request): Actor | null {
  return req.actor ?? null;
}

// The named request predicates of the API's access rules, for code that guards a route by hand:
// the acting user (the impersonated one while impersonating) against a user id or a set of roles.
// The service's own routers decide through auth/policy.ts instead; auth.test.ts holds these to
// the same answers.

export function isRequestFromUser(req: Request, userId: string): boolean {
  return req.requestorId !== undefined && req.requestorId === userId;
}

/** Holding one of the roles, as the session's user; the admin flag is not a role here. */
export function hasAnyRole(req: Request, ...roles: Role[]): boolean {
  const held = req.authSession?.user.roles ?? [];
  return roles.some((role) => held.includes(role));
}

/** Whether the acting user owns a resource whose owner is `ownerId`. */
export function isResourceOwner(req: Request, ownerId: string): boolean {
  return isRequestFromUser(req, ownerId);
}
