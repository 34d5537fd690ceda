import type { BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import * as z from "zod";
import { invalidUserField } from "../http/errors.js";
import { emailAddress, userName } from "./account-fields.js";

// A profile picture is a link to an image, not the image: http(s) only (no data: or javascript:
// URLs), and no longer than browsers and proxies reliably carry.
const IMAGE_URL_MAX = 2_048;

/**
 * The user fields better-auth's own endpoints write (sign-up, update-user), held to the rules of
 * the service's user routes. Unbounded, they cost memory wherever a user is read: update-user
 * stored an image of 1 MB, sign-up an email of 262 characters, and every remembered session
 * carries its user.
 */
export const userFields = z.object({
  name: userName().optional(),
  email: emailAddress().optional(),
  image: z
    .url({ protocol: /^https?$/, error: "Must be an http or https URL" })
    .max(IMAGE_URL_MAX)
    .nullish(),
});

type UserHooks = NonNullable<NonNullable<BetterAuthOptions["databaseHooks"]>["user"]>;

/**
 * better-auth's user hooks, run before it writes a user: a field out of bounds is its own 400
 * `{code, message}` (INVALID_NAME, INVALID_EMAIL, INVALID_IMAGE); the name is stored trimmed.
 * Database hooks rather than request hooks or a plugin: either of those would send every session
 * read back through better-auth (see session-lookup.ts), and only these see every write of a user.
 */
export const userFieldLimits: UserHooks = {
  create: { before: async (user) => ({ data: { ...user, ...checked(user) } }) },
  update: { before: async (user) => ({ data: { ...user, ...checked(user) } }) },
};

function checked(user: Record<string, unknown>): Partial<z.output<typeof userFields>> {
  const result = userFields.safeParse({ name: user.name, email: user.email, image: user.image });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    // Thrown inside better-auth, so in better-auth's own error type, with the service's body.
    const refusal = invalidUserField(String(issue.path[0]), issue.message);
    throw new APIError("BAD_REQUEST", { message: refusal.message, code: refusal.code });
  }
  // Only the fields being written: an update must not set the others to undefined.
  return Object.fromEntries(Object.entries(result.data).filter(([field]) => user[field] !== undefined));
}
