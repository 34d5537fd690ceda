import express, { type Request } from "express";
import { noAuthSession } from "../http/errors.js";
import type { RequestActor } from "./actor.js";
import type { GuardSession } from "./session-cache.js";
import type { Role } from "../roles.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Who the request acts as, set by `requireAuth`: the one record of the acting user. */
      actor?: RequestActor;
      /** A view of `actor`: its session, whose user is the impersonated one during impersonation. */
      readonly authSession?: GuardSession;
      /** A view of `actor`: the id of the acting user. */
      readonly requestorId?: string;
    }
  }
}

// The two named views, read from `actor` so they can never disagree with it.
Object.defineProperties(express.request, {
  requestorId: {
    get(this: Request): string | undefined {
      return this.actor?.id;
    },
  },
  authSession: {
    get(this: Request): GuardSession | undefined {
      const actor = this.actor;
      return actor && { session: actor.session, user: { id: actor.id, name: actor.name, roles: [...actor.roles] } };
    },
  },
});

/** The acting user of a request that passed `requireAuth`. */
export function actorOf(req: Request): RequestActor {
  const actor = optionalActorOf(req);
  if (!actor) throw noAuthSession();
  return actor;
}

/** The acting user, or null for an anonymous request on an optional-auth route. */
export function optionalActorOf(req: Request): RequestActor | null {
  return req.actor ?? null;
}

// Used by the tests only: the routers decide through auth/policy.ts. These are the named request
// predicates of the access rules, kept for code that guards a route by hand: the acting user (the
// impersonated one while impersonating) against a user id or a set of roles; auth.test.ts holds
// them to the policy's answers.

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
