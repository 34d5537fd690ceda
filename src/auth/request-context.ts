import type { Request } from "express";
import { noAuthSession } from "../http/errors.js";
import type { Actor } from "./actor.js";
import type { GuardSession } from "./session-cache.js";

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
