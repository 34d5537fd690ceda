import * as z from "zod";

export const ROLES = ["ADMIN", "MODERATOR", "USER", "GUEST"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const RANK: Readonly<Record<Role, number>> = { ADMIN: 3, MODERATOR: 2, USER: 1, GUEST: 0 };

/** The specification's hierarchy: holds when userRole ranks at least as high as requiredRole. */
export function hasMinimumRole(userRole: Role, requiredRole: Role): boolean {
  return RANK[userRole] >= RANK[requiredRole];
}

/** Whether any of a user's roles reaches requiredRole in the hierarchy. */
export function anyRoleReaches(roles: readonly Role[], requiredRole: Role): boolean {
  return roles.some((role) => hasMinimumRole(role, requiredRole));
}

/**
 * Who may write content (create and edit posts and comments): every role from USER up. A GUEST
 * reads what any signed-in user reads, and may still delete what they wrote before.
 */
export const CONTENT_AUTHORS: readonly Role[] = ROLES.filter((role) => hasMinimumRole(role, "USER"));
