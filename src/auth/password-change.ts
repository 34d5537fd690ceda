import type { GenericEndpointContext } from "better-auth";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sessions } from "../db/schema.js";

/**
 * A stolen cookie must not outlive a password change, yet better-auth's change-password ends the
 * user's other sessions only when the client asks (`revokeOtherSessions`, default false). This
 * hook on the credential account's update ends them whatever the client sent, keeping the session
 * that made the change. A database hook rather than a request hook (`hooks.before`): any request
 * hook makes the route guards read every session through better-auth (see session-lookup.ts).
 */
export function endOtherSessionsOnPasswordChange(db: Db) {
  return async (account: Record<string, unknown>, endpoint: GenericEndpointContext | null): Promise<void> => {
    const current = endpoint?.context.session;
    if (endpoint?.path !== "/change-password" || account.password === undefined || !current) return;
    await db.delete(sessions).where(and(eq(sessions.userId, current.user.id), ne(sessions.id, current.session.id)));
  };
}
