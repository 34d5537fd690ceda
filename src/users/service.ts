import { randomUUID } from "node:crypto";
import { and, arrayContains, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import { type Audit, recordAudit } from "../audit/service.js";
import type { Auth } from "../auth/auth.js";
import { ownerOf } from "../auth/email-in-use.js";
import { answeredOnceMailQueued } from "../auth/mail-in-request.js";
import type { Mailer } from "../mail/mailer.js";
import type { Role } from "../roles.js";
import type { DrizzleDb } from "../db/client.js";
import { accounts, users } from "../db/schema.js";
import { duplicateEmail, HttpError, notOwner, ownEmailChange, userNotFound } from "../http/errors.js";
import { isUniqueViolation } from "../db/errors.js";
import { notify } from "../notifications/service.js";
import { isUuid } from "../db/uuid.js";
import { likeLiteral } from "../db/like.js";

/** The columns a client may see; the password hash lives in `accounts` and never leaves it. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roles: users.roles,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type PublicUser = {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  createdAt: Date;
  updatedAt: Date;
};

/** What anyone signed in may know of another user (v2). */
export function publicViewOf(user: PublicUser): { id: string; name: string } {
  return { id: user.id, name: user.name };
}

/** Looks a user up by an id that may not even be a UUID (the impersonation query parameter). */
export async function findUser(db: DrizzleDb, id: string): Promise<PublicUser | undefined> {
  if (!isUuid(id)) return undefined;
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  return user;
}

export async function getUser(db: DrizzleDb, id: string): Promise<PublicUser> {
  const user = await findUser(db, id);
  if (!user) throw userNotFound();
  return user;
}

/** A user's record with whether its address is verified: what v2 shows that user and ADMIN. */
export async function getUserRecord(db: DrizzleDb, id: string): Promise<PublicUser & { emailVerified: boolean }> {
  const [user] = isUuid(id)
    ? await db
        .select({ ...publicUserColumns, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, id))
    : [];
  if (!user) throw userNotFound();
  return user;
}

export function listUsers(db: DrizzleDb, page: { limit: number; offset: number }): Promise<PublicUser[]> {
  return db
    .select(publicUserColumns)
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * One page of the v2 list and the number of users matching; `search` is a case-insensitive
 * substring of name or email, `role` one the user holds.
 */
export async function searchUsers(
  db: DrizzleDb,
  filters: { search?: string; role?: Role },
  orderBy: SQL[],
  page: { limit: number; offset: number },
) {
  const pattern = filters.search === undefined ? undefined : `%${likeLiteral(filters.search)}%`;
  const where = and(
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filters.role ? arrayContains(users.roles, [filters.role]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(publicUserColumns)
      .from(users)
      .where(where)
      .orderBy(...orderBy, asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/**
 * Creates a user who signs in like one who signed up: the password is hashed by better-auth's own
 * hasher, and the address is asked to verify itself, as at sign-up (nothing is queued without mail).
 *
 * Anyone may call it. When addresses must be verified before signing in, a taken address is
 * answered as sign-up answers it, like a free one (with a record nobody can sign in to), and its
 * owner is told by mail instead of the new address being asked to verify: the answer no longer says
 * who has an account. Without verification a new user is signed in at once, so, as at sign-up, a
 * taken address is a 409.
 */
export async function registerUser(
  db: DrizzleDb,
  auth: Auth,
  mailer: Mailer,
  input: { name: string; email: string; password: string },
): Promise<PublicUser> {
  const passwordHash = await (await auth.$context).password.hash(input.password);
  let user: PublicUser;
  try {
    user = await createUser(db, { name: input.name, email: input.email, passwordHash });
  } catch (error) {
    if (!(error instanceof HttpError && error.code === "duplicate_email")) throw error;
    if (!auth.options.emailAndPassword.requireEmailVerification) throw error;
    const owner = await ownerOf(db, input.email);
    if (owner) await mailer.queue("email-in-use", owner);
    const now = new Date();
    return { id: randomUUID(), email: input.email, name: input.name, roles: ["USER"], createdAt: now, updatedAt: now };
  }
  if (auth.options.emailVerification?.sendOnSignUp) {
    try {
      await answeredOnceMailQueued(async () => {
        await auth.api.sendVerificationEmail({ body: { email: user.email } });
      });
    } catch (error) {
      // Not created unless its mail is queued: the client is told to ask again, and can.
      await db.delete(users).where(eq(users.id, user.id));
      throw error;
    }
  }
  return user;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  roles?: Role[];
  /** The operator vouches for the address (the CLI); a user created through the API verifies it by mail. */
  emailVerified?: boolean;
}

/**
 * Writes the user and its credential account as better-auth's sign-up does, in one transaction,
 * so the user can sign in. The email's unique constraint decides duplicates: no check-then-insert race.
 */
export async function createUser(db: DrizzleDb, input: NewUser): Promise<PublicUser> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          roles: input.roles ?? ["USER"],
          emailVerified: input.emailVerified ?? false,
        })
        .returning(publicUserColumns);
      await tx
        .insert(accounts)
        .values({ userId: user!.id, accountId: user!.id, providerId: "credential", password: input.passwordHash });
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) throw duplicateEmail();
    throw error;
  }
}

/**
 * A user's own profile, changed through the user routes: the name; the email only as it is (a
 * whole-record PUT repeats it), never a new one (see ownEmailChange).
 */
export async function updateOwnProfile(
  db: DrizzleDb,
  id: string,
  { name, email }: { name?: string; email?: string },
): Promise<PublicUser> {
  if (email !== undefined && email !== (await getUser(db, id)).email) throw ownEmailChange();
  // A body with no field to change (or only fields the schema drops) changes nothing, not even updatedAt.
  if (name === undefined) return getUser(db, id);
  const [user] = await db.update(users).set({ name }).where(eq(users.id, id)).returning(publicUserColumns);
  if (!user) throw userNotFound();
  return user;
}

/**
 * An ADMIN's change to another user's address (support); the name may only repeat the current one. A new address is not proven by
 * anyone, so `emailVerified` becomes false, and the old address is told, since it no longer
 * reaches the account; the new one is not mailed (the user asks for a verification link). The
 * audit entry, with both addresses, commits with the change.
 */
export async function updateUserAsAdmin(
  db: DrizzleDb,
  mailer: Mailer,
  id: string,
  { name, email }: { name?: string; email?: string },
  audit: Audit<{ previousEmail: string; email: string; name: string }>,
): Promise<PublicUser> {
  let previous: { email: string; name: string; emailVerified: boolean } | undefined;
  let user: PublicUser;
  try {
    user = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, id))
        .for("update");
      if (!current) throw userNotFound();
      // The exemption is for the address only: a name stays its owner's to choose.
      if (name !== undefined && name !== current.name) throw notOwner("You can only update your own profile");
      previous = current;
      const emailChanged = email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
      if (!emailChanged) return getUser(tx, id);
      const [updated] = await tx
        .update(users)
        .set({ email, emailVerified: false })
        .where(eq(users.id, id))
        .returning(publicUserColumns);
      await recordAudit(tx, audit({ previousEmail: current.email, email: updated!.email, name: updated!.name }));
      return updated!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) throw duplicateEmail();
    throw error;
  }
  if (previous && previous.email.toLowerCase() !== user.email.toLowerCase())
    await mailer.queue("email-changed-by-admin", { ...previous }, { newEmail: user.email });
  return user;
}

/**
 * Sets a user's roles and, when they changed, notifies the user; the audit entry, if any, commits
 * with them. Returns the roles it replaced too, read under the same row lock.
 */
export async function setUserRoles(
  db: DrizzleDb,
  id: string,
  roles: Role[],
  audit?: Audit<{ user: PublicUser; previousRoles: Role[] }>,
): Promise<{ user: PublicUser; previousRoles: Role[] }> {
  const changed = await db.transaction(async (tx) => {
    // Locked, so two changes at once cannot both compare against the same old roles.
    const [current] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, id)).for("update");
    if (!current) throw userNotFound();
    const [user] = await tx.update(users).set({ roles }).where(eq(users.id, id)).returning(publicUserColumns);
    if (!sameRoles(current.roles, user!.roles)) {
      await notify(tx, { userId: id, type: "roles", message: `Your roles were changed to ${user!.roles.join(", ")}` });
    }
    const changed = { user: user!, previousRoles: current.roles };
    await recordAudit(tx, audit?.(changed));
    return changed;
  });
  return changed;
}

function sameRoles(a: readonly Role[], b: readonly Role[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/**
 * Deletes a user with their sessions, accounts, posts (and the comments under them), comments and
 * notifications (the foreign keys cascade), and records the deletion in the same transaction
 * (every route that deletes passes its entry). The admin route's entry keeps the email; the
 * owner's own deletion keeps only the id. The audit callback sees the roles the row had when it
 * went and may still refuse (a throw rolls the deletion back).
 */
export async function deleteUser(
  db: DrizzleDb,
  id: string,
  audit?: Audit<{ email: string; roles: Role[] }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(users)
      .where(eq(users.id, id))
      .returning({ email: users.email, roles: users.roles });
    if (!deleted) throw userNotFound();
    await recordAudit(tx, audit?.(deleted));
  });
}
