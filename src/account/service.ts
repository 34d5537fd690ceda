import { and, eq } from "drizzle-orm";
import type { Auth } from "../auth/auth.js";
import type { Audit } from "../audit/service.js";
import type { DrizzleDb } from "../db/client.js";
import { accounts } from "../db/schema.js";
import { adminOwnDeletion, invalidPassword, passwordNotSet } from "../http/errors.js";
import type { Role } from "../roles.js";
import { deleteUser } from "../users/service.js";

/**
 * The owner deletes their account, confirming with its password: checked against the credential
 * account with better-auth's own hasher, then the same deletion an ADMIN's route makes (sessions,
 * posts, comments, notifications go with the row). An account with no password is refused with
 * how to get one. The roles are checked again on the row as it is deleted, so an ADMIN role granted
 * meanwhile still refuses it (the last ADMIN cannot leave).
 */
export async function deleteOwnAccount(
  db: DrizzleDb,
  auth: Auth,
  userId: string,
  password: string,
  audit: Audit<{ email: string; roles: Role[] }>,
): Promise<void> {
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential?.password) throw passwordNotSet();
  const hasher = (await auth.$context).password;
  if (!(await hasher.verify({ hash: credential.password, password }))) throw invalidPassword();
  await deleteUser(db, userId, (deleted) => {
    if (deleted.roles.includes("ADMIN")) throw adminOwnDeletion();
    return audit(deleted);
  });
}
