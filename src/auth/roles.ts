import * as z from "zod";

/** Highest rank first: the order is the hierarchy, read by `hasMinimumRole` and by the served access texts. */
export const ROLES = ["ADMIN", "MODERATOR", "USER", "GUEST"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * Used by the tests only. Whether userRole ranks at least as high as requiredRole in the order of
 * ROLES; access itself is decided by membership (auth/policy.ts).
 */
export function hasMinimumRole(userRole: Role, requiredRole: Role): boolean {
  return ROLES.indexOf(userRole) <= ROLES.indexOf(requiredRole);
}
