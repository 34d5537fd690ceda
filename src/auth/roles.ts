import * as z from "zod";

export const ROLES = ["ADMIN", "MODERATOR", "USER", "GUEST"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const RANK: Readonly<Record<Role, number>> = { ADMIN: 3, MODERATOR: 2, USER: 1, GUEST: 0 };

/** The specification's hierarchy: holds when userRole ranks at least as high as requiredRole. */
export function hasMinimumRole(userRole: Role, requiredRole: Role): boolean {
  return RANK[userRole] >= RANK[requiredRole];
}
