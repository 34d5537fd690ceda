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

/**
 * The roles a gate admits, lowest first: "ADMIN", "MODERATOR or ADMIN", or for every role from
 * one up, "USER or above". A gate that shuts out only GUEST is a write: a GUEST account only reads.
 * Descriptions that say what the roles may do read better with "and": "MODERATOR and ADMIN".
 */
export function rolesText(roles: readonly Role[], conjunction: "or" | "and" = "or"): string {
  const admitted = ROLES.filter((role) => roles.includes(role)).reverse();
  const lowest = admitted[0] ?? "ADMIN";
  const fromLowestUp = ROLES.slice(0, ROLES.indexOf(lowest) + 1);
  const text =
    admitted.length > 2 && admitted.length === fromLowestUp.length
      ? `${lowest} ${conjunction} above`
      : [admitted.slice(0, -1).join(", "), admitted.at(-1)].filter(Boolean).join(` ${conjunction} `);
  const shutOut = ROLES.filter((role) => !roles.includes(role));
  return shutOut.length === 1 && shutOut[0] === "GUEST" ? `${text} (a GUEST only reads)` : text;
}
