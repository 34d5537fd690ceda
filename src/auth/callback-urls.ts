import type { RequestHandler } from "express";
import { betterAuthRefusal } from "../http/errors.js";
import { authBodyField } from "../http/auth-body.js";

// Every parameter of better-auth's endpoints that names a page to send the browser to, and the
// code better-auth itself refuses an untrusted one with.
const CALLBACK_FIELDS = {
  callbackURL: "INVALID_CALLBACK_URL",
  redirectTo: "INVALID_REDIRECT_URL",
  errorCallbackURL: "INVALID_ERROR_CALLBACK_URL",
  newUserCallbackURL: "INVALID_NEW_USER_CALLBACK_URL",
} as const;
type CallbackField = keyof typeof CALLBACK_FIELDS;

/** The longest page URL taken: more than any real page needs, bounded as an image URL is. */
export const CALLBACK_URL_MAX = 2_048;

// What a URL parser strips from the front of a URL before reading it: controls and spaces.
const LEADING_IGNORED = /^[\p{Cc} ]+/u;

/**
 * Whether a callback URL could take the browser off the service's trusted origins. better-auth
 * checks the value as written, but a browser resolves dot segments first: "/..//evil.example"
 * passes as a path and lands on "//evil.example", another host. Dot segments (also percent-encoded,
 * once or twice) and a path starting "//" or "/\" are therefore refused outright.
 */
export function leavesOrigin(value: string): boolean {
  const url = value.replace(LEADING_IGNORED, "");
  const path = url.split(/[?#]/, 1)[0]!;
  let decoded = path;
  for (let round = 0; round < 2; round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return true;
    }
  }
  if (decoded.split(/[/\\]/).some((segment) => segment === "." || segment === "..")) return true;
  return /^[/\\][/\\]/.test(decoded) || decoded.startsWith("\\");
}

const refusal = (field: CallbackField) =>
  betterAuthRefusal(
    CALLBACK_FIELDS[field],
    `${field} must be an absolute URL of a trusted origin or a path starting with a single "/", without "." or ".." segments, of at most ${CALLBACK_URL_MAX} characters`,
  );

/** Refuses a request whose query or JSON body names a callback page that `leavesOrigin`, or one too long to be a page. */
export const safeCallbacks: RequestHandler = (req, _res, next) => {
  const query = new URL(req.originalUrl, "http://service.invalid").searchParams;
  for (const field of Object.keys(CALLBACK_FIELDS) as CallbackField[]) {
    const values = [...query.getAll(field), authBodyField(req, field)];
    const refused = (value: unknown) =>
      typeof value === "string" && (value.length > CALLBACK_URL_MAX || leavesOrigin(value));
    if (values.some(refused)) throw refusal(field);
  }
  next();
};
