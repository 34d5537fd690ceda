import type { Role } from "./roles.js";

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

/**
 * The user who really sent the request. Rules about one's own account (an admin may not demote or
 * delete themselves) look at this user: impersonating someone must not lift them.
 */
export function realUserOf(actor: Actor): { readonly id: string; readonly roles: readonly Role[] } {
  return actor.impersonatedBy ?? actor;
}
