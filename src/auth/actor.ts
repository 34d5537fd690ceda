import type { Role } from "../roles.js";

/** Who a request acts as, as the permission rules see it. */
export interface Actor {
  /** The acting user: while an ADMIN impersonates someone, the impersonated user. */
  readonly id: string;
  /** The acting user's roles. */
  readonly roles: readonly Role[];
  /** ADMIN by role or by the development adminKey, decided before impersonation: it survives it. */
  readonly isAdmin: boolean;
  /** The admin who really sent the request, while impersonating; absent otherwise. */
  readonly impersonatedBy?: { readonly id: string; readonly roles: readonly Role[] };
}

/** The acting user as a signed-in request holds it: the rules' view, its name, and the session it came with. */
export interface RequestActor extends Actor {
  /** The acting user's name. */
  readonly name: string;
  /** The session the request came with: always the real user's, impersonating or not. */
  readonly session: { readonly id: string; readonly userId: string; readonly expiresAt: Date };
}

/**
 * The user who really sent the request. Rules about one's own account (an admin may not demote or
 * delete themselves) look at this user: impersonating someone must not lift them.
 */
export function realUserOf(actor: Actor): { readonly id: string; readonly roles: readonly Role[] } {
  return actor.impersonatedBy ?? actor;
}
