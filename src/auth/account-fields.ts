import * as z from "zod";
import { visibleText } from "../http/validate.js";

// An account's name and address, held to one rule wherever they are set: the user routes of both
// versions, better-auth's own endpoints (sign-up, update-user, change-email) and the CLI.
// The examples prefill Swagger UI's "Try it out" with values the service accepts.

// A name is shown on one line among other people's text: no line breaks or other control
// characters (the line and paragraph separators U+2028 and U+2029 too), and no direction overrides
// or isolates (U+202A-U+202E, U+2066-U+2069), which reorder whatever is shown after the name
// ("\u202Egnp.exe" reads as "exe.png").
const CONTROL_OR_DIRECTION = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
export const userName = () =>
  visibleText()
    .min(2)
    .max(100)
    .refine(
      (value) => !CONTROL_OR_DIRECTION.test(value),
      "Must be one line, without control or text-direction characters",
    )
    .meta({
      example: "Ada Lovelace",
      // The same characters for the document, spelled without \p{...}, which not every tool's regex reads.
      pattern: "^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$",
      description:
        "One line, without control or text-direction characters, holding a visible character; stored trimmed",
    });

/**
 * zod's own address rule (the one better-auth applies at sign-up), with each domain label held to
 * DNS's shape: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen. Without
 * that, `x@bad-.example.com` passed and was stored, and every later answer holding it broke the
 * document's `format: email`. The part before the @ is at most 64 characters, as SMTP allows
 * (RFC 5321). Every place an address is set uses this one schema.
 */
const EMAIL_ADDRESS =
  /^(?=[^@]{1,64}@)(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

// The shortest address the pattern allows: "a@b.io".
const EMAIL_MIN_LENGTH = 6;
/** The longest address a mail can be delivered to (RFC 5321's path limit, less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

// better-auth stores emails lower-cased; doing the same here keeps one account per address.
export const emailAddress = () =>
  z
    .email({ pattern: EMAIL_ADDRESS, abort: true })
    .min(EMAIL_MIN_LENGTH)
    .max(EMAIL_MAX_LENGTH)
    .toLowerCase()
    .meta({ example: "ada@example.com" });
