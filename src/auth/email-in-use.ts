import { createEmailVerificationToken } from "better-auth/api";
import { sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { users } from "../db/schema.js";
import type { Mailer } from "../mail/mailer.js";

export interface AddressOwner {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

/** The account that holds `address`, compared as better-auth compares addresses (lower case). */
export async function ownerOf(db: DrizzleDb, address: string): Promise<AddressOwner | undefined> {
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = ${address.trim().toLowerCase()}`);
  return owner;
}

/**
 * Where a verification link would go to an address another account already holds (the second step
 * of a change of address), its owner is told instead. Either way the address gets one mail, so
 * whoever asked learns nothing from it, and the owner learns that someone tried.
 */
export async function mailVerificationOrNotice(
  db: DrizzleDb,
  mailer: Pick<Mailer, "queue">,
  user: { id: string; name: string; email: string },
  url: string,
): Promise<void> {
  const owner = await ownerOf(db, user.email);
  if (owner && owner.id !== user.id) return mailer.queue("email-in-use", owner);
  return mailer.queue("verify-email", user, { url });
}

export interface TakenAddressChange {
  user: { id: string; name: string; email: string; emailVerified: boolean };
  newEmail: string;
  callbackURL: string | undefined;
  secret: string;
  baseURL: string;
  expiresInS: number;
}

/**
 * better-auth answers a change to a taken address as it answers one to a free address, yet mails
 * nothing, so the asker could tell the two apart by the mail that does not come. This sends what a
 * free address would have caused: a verified account's own address gets the usual approval link
 * (whose next step, the verification of the new address, becomes the notice above); an unverified
 * account's change goes straight to the new address, which gets the notice now.
 */
export async function mailForTakenAddress(
  db: DrizzleDb,
  mailer: Mailer,
  change: TakenAddressChange,
  link: (url: string) => string,
): Promise<void> {
  const owner = await ownerOf(db, change.newEmail);
  if (!owner || owner.id === change.user.id) return;
  if (!change.user.emailVerified) return mailer.queue("email-in-use", owner);
  const token = await createEmailVerificationToken(
    change.secret,
    change.user.email,
    change.newEmail,
    change.expiresInS,
    {
      requestType: "change-email-confirmation",
      userId: change.user.id,
    },
  );
  const url = `${change.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(change.callbackURL ?? "/")}`;
  return mailer.queue("confirm-email-change", change.user, { url: link(url), newEmail: change.newEmail });
}
