import { type PasswordRefusal, passwordRefusalMessage } from "../http/errors.js";
import { hasVisibleCharacter, text } from "../http/validate.js";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password list of zxcvbn-ts (tens of thousands of leaked passwords), lower-cased: it
 * costs about 14 MB, so it is read when a password is first set, not at start. Only entries a
 * password of allowed length could equal are kept.
 */
function commonPasswordList(): Promise<ReadonlySet<string>> {
  // The package is CommonJS: its exports object is the default export, natively and once bundled.
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ default: { dictionary } }) =>
      new Set(
        dictionary["passwords-common"]
          .filter((entry) => entry.length >= PASSWORD_MIN_LENGTH)
          .map((entry) => entry.toLowerCase()),
      ),
  );
  return commonPasswords;
}

/**
 * The rule for every new password, wherever it is set (sign-up, change-password, the user routes,
 * the operator CLI): 8 to 128 characters, at least one of them visible, and not a common password, in any
 * case. No composition rules (a digit, a symbol): those make passwords harder to remember, not to
 * guess. Passwords already stored are never checked again, so existing users keep signing in.
 */
export async function refusedPassword(password: string): Promise<PasswordRefusal | undefined> {
  if (password.length < PASSWORD_MIN_LENGTH) return "PASSWORD_TOO_SHORT";
  if (password.length > PASSWORD_MAX_LENGTH) return "PASSWORD_TOO_LONG";
  // Ten spaces, ten no-break spaces or ten zero-width spaces are all one key held down, to a guesser.
  if (!hasVisibleCharacter(password)) return "PASSWORD_BLANK";
  if ((await commonPasswordList()).has(password.toLowerCase())) return "PASSWORD_TOO_COMMON";
  return undefined;
}

/**
 * The same rule as a zod schema for the service's own routes; the lengths are zod's own checks (so
 * the document states them), the rest is checked asynchronously (see validate.ts).
 */
export const newPassword = () =>
  text()
    .min(PASSWORD_MIN_LENGTH)
    .max(PASSWORD_MAX_LENGTH)
    .meta({ example: "a long passphrase of yours" })
    .superRefine(async (password, context) => {
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
      const refusal = await refusedPassword(password);
      if (refusal) context.addIssue({ code: "custom", message: passwordRefusalMessage(refusal) });
    });
