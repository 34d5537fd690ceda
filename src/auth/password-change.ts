import type { GenericEndpointContext } from "better-auth";
import { createHash } from "node:crypto";
import { and, eq, like, ne } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { sessions, verifications } from "../db/schema.js";

const RESET_PREFIX = "reset-password:";

/**
 * How a reset link's identifier is stored: hashed like every other (someone who reads the database
 * cannot use a pending link), behind a prefix that says it is a reset link, so that every pending
 * reset link of a user can be found and ended (`endPendingResets`) without knowing the links.
 */
export const resetIdentifierStorage = {
  default: "hashed" as const,
  overrides: {
    [RESET_PREFIX]: {
      hash: (identifier: string) =>
        Promise.resolve(`${RESET_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`),
    },
  },
};

/**
 * A new password ends every reset link still pending for the user: a link mailed before it (the
 * other links of a reset spree, or one a thief requested before the owner changed the password)
 * would otherwise set the password again within its hour.
 */
export async function endPendingResets(db: DrizzleDb, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`)));
}

/**
 * A stolen cookie must not outlive a password change, yet better-auth's change-password ends the
 * user's other sessions only when the client asks (`revokeOtherSessions`, default false). This
 * hook on the credential account's update ends them whatever the client sent, keeping the session
 * that made the change. A database hook rather than a request hook (`hooks.before`): any request
 * hook makes the route guards read every session through better-auth (see session-lookup.ts).
 */
export function endOtherSessionsOnPasswordChange(db: DrizzleDb) {
  return async (account: Record<string, unknown>, endpoint: GenericEndpointContext | null): Promise<void> => {
    const current = endpoint?.context.session;
    if (endpoint?.path !== "/change-password" || account.password === undefined || !current) return;
    await db.delete(sessions).where(and(eq(sessions.userId, current.user.id), ne(sessions.id, current.session.id)));
    await endPendingResets(db, current.user.id);
  };
}
