import {
  adminOwnDeletion,
  type HttpError,
  lastAdminProtection,
  notAuthorized,
  notOwner,
  responses,
  selfDeletion,
} from "../http/errors.js";
import { type Actor, realUserOf } from "./actor.js";
import type { Role } from "../roles.js";

// Who may do what to which resource, for both API versions: routers ask here and shape the answer.
// docs/authorization.md holds the same rules as a table.

/**
 * A role check is membership: a rule names the roles it admits, and an ADMIN (by role, or by the
 * development adminKey) passes every one, as the route guard's does. The rank order
 * (`hasMinimumRole`) puts only ADMIN above MODERATOR, so "MODERATOR and above" is MODERATORS.
 */
export function holdsAnyRole(actor: Actor, roles: readonly Role[]): boolean {
  return actor.isAdmin || roles.some((role) => actor.roles.includes(role));
}

export const MODERATORS = ["MODERATOR", "ADMIN"] as const satisfies readonly Role[];

/**
 * Who may write content (create and edit posts and comments): every role from USER up. A GUEST
 * reads what any signed-in user reads, and may still delete what they wrote before.
 */
export const CONTENT_AUTHORS = ["USER", "MODERATOR", "ADMIN"] as const satisfies readonly Role[];

/** Actions a role alone decides; the route guard checks them before validation (403 "Insufficient role"). */
export const roleGates = {
  writeContent: CONTENT_AUTHORS,
  listUsers: ["ADMIN"],
  deleteUser: ["ADMIN"],
  setRoles: ["ADMIN"],
  moderatePosts: MODERATORS,
  sendNotification: ["ADMIN"],
  readAudit: ["ADMIN"],
  // The admin console's: moderators read the counts and the trail of what staff did; sessions are ADMIN's.
  readDashboard: MODERATORS,
  readAuditTrail: MODERATORS,
  manageSessions: ["ADMIN"],
  // The mail outbox names recipients' addresses: ADMIN's, as the user list is.
  manageMail: ["ADMIN"],
  // A user's comments on any post, private ones included: ADMIN's, who reaches every post.
  readUserActivity: ["ADMIN"],
} as const satisfies Record<string, readonly Role[]>;

/** Who also sees public posts that moderation hid (posts/visibility.ts makes it SQL). */
export const HIDDEN_POST_READERS: readonly Role[] = MODERATORS;

export function seesHiddenPosts(actor: Actor): boolean {
  return holdsAnyRole(actor, HIDDEN_POST_READERS);
}

/** An ADMIN reaches every post to delete it (and its comments), also one they cannot see. */
export function reachesEveryPost(actor: Actor): boolean {
  return actor.isAdmin;
}

interface Authored {
  readonly authorId: string;
}

interface UserRef {
  readonly id: string;
}

interface RoleChange {
  /** The user whose roles change. */
  readonly id: string;
  readonly roles: readonly Role[];
}

interface Rule<R> {
  readonly allows: (actor: Actor, resource: R) => boolean;
  /** What the client is told when the rule refuses. */
  readonly refusal: () => HttpError;
}

const rule = <R>(allows: Rule<R>["allows"], refusal: Rule<R>["refusal"]): Rule<R> => ({ allows, refusal });

const rules = {
  "post.update": rule<Authored>(
    (actor, post) => actor.id === post.authorId,
    () => notOwner("You can only edit your own posts"),
  ),
  "post.delete": rule<Authored>((actor, post) => actor.id === post.authorId || actor.isAdmin, notAuthorized),
  "comment.update": rule<Authored>((actor, comment) => actor.id === comment.authorId, notAuthorized),
  "comment.delete": rule<{ comment: Authored; post: Authored }>(
    (actor, { comment, post }) =>
      actor.id === comment.authorId || actor.id === post.authorId || holdsAnyRole(actor, MODERATORS),
    notAuthorized,
  ),
  "user.update": rule<UserRef>(
    (actor, user) => actor.id === user.id,
    () => notOwner("You can only update your own profile"),
  ),
  /** Support: an ADMIN corrects another user's address, never the name (users/service.ts updateUserAsAdmin). */
  "user.updateOther": rule<UserRef>(
    (actor, user) => actor.id !== user.id && actor.isAdmin,
    () => notOwner("You can only update your own profile"),
  ),
  /** Email, roles and dates; anyone else gets the public view (v2). */
  "user.readPrivate": rule<UserRef>((actor, user) => actor.id === user.id || actor.isAdmin, responses.forbidden),
  // The two rules on one's own account look at who really sent the request, impersonating or not.
  "user.delete": rule<UserRef>((actor, user) => realUserOf(actor).id !== user.id, selfDeletion),
  /**
   * Deleting one's own account (the route refuses it while impersonating): never by an ADMIN, for
   * the reason an ADMIN cannot remove their own ADMIN role, so the last ADMIN always remains.
   */
  "user.deleteOwn": rule<UserRef & { readonly roles: readonly Role[] }>(
    (actor, user) => actor.id === user.id && !user.roles.includes("ADMIN"),
    adminOwnDeletion,
  ),
  "user.setRoles": rule<RoleChange>((actor, change) => !removesOwnAdmin(actor, change), lastAdminProtection),
};

/** An admin cannot take ADMIN from their own account: no one could give it back through the API. */
function removesOwnAdmin(actor: Actor, change: RoleChange): boolean {
  const real = realUserOf(actor);
  return change.id === real.id && real.roles.includes("ADMIN") && !change.roles.includes("ADMIN");
}

type Rules = typeof rules;
export type Action = keyof Rules;
type ResourceOf<A extends Action> = Rules[A] extends Rule<infer R> ? R : never;

export function can<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): boolean {
  return (rules[action] as Rule<ResourceOf<A>>).allows(actor, resource);
}

/** Throws the rule's refusal (403, or 409 for one's own account) unless the actor may. */
export function authorize<A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): void {
  if (!can(actor, action, resource)) throw rules[action].refusal();
}
