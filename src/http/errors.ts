// Every error body the service sends is built here, so each client-visible string exists once.

/** One failed rule of a request schema: which part of the request, the field path, the message. */
export interface FieldIssue {
  readonly part: "params" | "query" | "body";
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface HttpErrorOptions {
  /** Extra members of the v1 body, e.g. `endpoint` on the unknown-endpoint response. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /**
   * The message is DRF's own wording for this case ("Invalid page.", "Invalid cursor"), sent as is
   * in v2; otherwise v2 answers 401, 403 and 404 with DRF's generic wording.
   */
  readonly specificInV2?: boolean;
  /** A refusal on better-auth's routes that better-auth could have made: sent in its shape, `{code, message}`. */
  readonly betterAuthShape?: boolean;
}

export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
  }
}

export class ValidationError extends HttpError {
  override name = "ValidationError";
  constructor(readonly issues: readonly FieldIssue[]) {
    super(400, "Invalid request", "validation_error");
  }
}

// The bodies v1 clients match on: the guard's, ownership, not-found and conflict answers.
export const noAuthSession = () => new HttpError(401, "No auth session");
export const insufficientRole = () => new HttpError(403, "Insufficient role");
export const notOwner = (message: "You can only update your own profile" | "You can only edit your own posts") =>
  new HttpError(403, message);
export const twoFactorRequired = () => new HttpError(403, "Two-factor sign-in required", "two_factor_required");
export const notAuthorized = () => new HttpError(403, "Not authorized");
export const impersonationTargetNotFound = (id: string) => new HttpError(400, `User ${id} not found`);
export const endpointNotFound = (method: string, originalUrl: string) =>
  new HttpError(404, "Endpoint not found", "not_found", { extra: { endpoint: `${method} ${originalUrl}` } });
export const userNotFound = () => new HttpError(404, "User not found", "user_not_found");
export const resourceConflict = () => new HttpError(409, "Database level resource conflict", "resource_conflict");
/**
 * A signed-in user's new address is set only by better-auth's change-email flow, where the old
 * address approves and the new one confirms: set directly, a stolen cookie could move the account
 * to the thief's address and reset its password there.
 */
export const ownEmailChange = () =>
  new HttpError(
    400,
    "Change your email through POST /api/auth/change-email, which has the new address confirm it",
    "email_change_requires_verification",
  );
export const duplicateEmail = () => new HttpError(409, "User with this email already exists", "duplicate_email");
export const internalError = () =>
  new HttpError(500, "Failed to complete request due to internal error", "internal_server_error");

// Generic answers, for routes with no more specific message.
export const responses = {
  forbidden: () => new HttpError(403, "Insufficient permissions", "forbidden"),
  notFound: () => new HttpError(404, "Resource not found", "not_found"),
};

// The service's own errors, each with a code a client can branch on.
export const postNotFound = () => new HttpError(404, "Post not found", "post_not_found");
export const invalidJson = () => new HttpError(400, "Malformed JSON body", "invalid_json");
/** A body over a parser's bound, which the answer states: 102,400 bytes as "100 kB", 1,048,576 as "1 MB". */
export const payloadTooLarge = (limitBytes: number) =>
  new HttpError(413, `Request body exceeds the ${sizeText(limitBytes)} limit`, "payload_too_large");
const sizeText = (bytes: number) => (bytes >= 1024 ** 2 ? `${bytes / 1024 ** 2} MB` : `${bytes / 1024} kB`);
export const badRequest = (message: string) => new HttpError(400, message, "bad_request");
export const invalidInput = () => new HttpError(400, "A value in the request cannot be stored", "invalid_input");
export const lastAdminProtection = () =>
  new HttpError(409, "You cannot remove the ADMIN role from your own account", "last_admin_protection");
export const selfDeletion = () => new HttpError(409, "You cannot delete your own account", "self_deletion");
/** The same rule as lastAdminProtection: no ADMIN leaves on their own, so an ADMIN always remains. */
export const adminOwnDeletion = () =>
  new HttpError(
    409,
    "An ADMIN cannot delete their own account: another ADMIN must first remove the ADMIN role",
    "last_admin_protection",
  );
export const invalidPassword = () => new HttpError(400, "Invalid password", "invalid_password");
/** An account made through the identity provider proves its owner with a password it does not have yet. */
export const passwordNotSet = () =>
  new HttpError(
    409,
    "This account has no password (it signs in through the identity provider): set one through POST /api/auth/request-password-reset, then confirm with it",
    "password_not_set",
  );
export const serviceUnavailable = () =>
  new HttpError(503, "The database is unavailable, try again shortly", "service_unavailable");
export const mailUnavailable = () =>
  new HttpError(503, "Mail is not configured on this server: no message can be sent", "mail_unavailable");
export const invalidPage = () => new HttpError(404, "Invalid page.", "invalid_page", { specificInV2: true });
export const invalidCursor = () => new HttpError(400, "Invalid cursor", "invalid_cursor", { specificInV2: true });
export const streamWithAdminKey = () =>
  new HttpError(400, "A live stream cannot be opened with adminKey", "admin_key_on_stream", { specificInV2: true });
export const methodNotAllowed = (method: string) =>
  new HttpError(405, `Method "${method}" not allowed.`, "method_not_allowed", { specificInV2: true });
export const unsupportedMediaType = (contentType: string) =>
  new HttpError(415, `Unsupported media type "${contentType}" in request.`, "unsupported_media_type", {
    specificInV2: true,
  });
export const rateLimited = () => new HttpError(429, "Too many requests, try again later", "rate_limited");
export const crossSiteRequest = () =>
  new HttpError(403, "Cross-site requests may not change anything here", "cross_site_request", { specificInV2: true });
export const corsOriginNotAllowed = () =>
  new HttpError(403, "Cross-origin requests from this origin are not allowed", "cors_origin_not_allowed", {
    specificInV2: true,
  });

export const betterAuthRefusal = (code: string, message: string) =>
  new HttpError(400, message, code, { betterAuthShape: true });

/** A user field the service's rule refuses where better-auth would store it: INVALID_NAME, INVALID_EMAIL, INVALID_IMAGE. */
export const invalidUserField = (field: string, message: string) =>
  betterAuthRefusal(`INVALID_${field.toUpperCase()}`, `Invalid ${field}: ${message}`);

// Why a new password is refused: better-auth's own codes for the lengths, ours for the rest.
const PASSWORD_REFUSALS = {
  PASSWORD_TOO_SHORT: "Password too short",
  PASSWORD_TOO_LONG: "Password too long",
  PASSWORD_BLANK: "Password must contain a visible character, not only spaces or invisible ones",
  PASSWORD_TOO_COMMON: "Password is too common: it appears in lists of leaked passwords; choose another",
} as const;
export type PasswordRefusal = keyof typeof PASSWORD_REFUSALS;
/** The refusal's message, as the user routes' validation reports it. */
export const passwordRefusalMessage = (refusal: PasswordRefusal) => PASSWORD_REFUSALS[refusal];
/** The refusal as better-auth's endpoints answer it. */
export const passwordRefused = (refusal: PasswordRefusal) => betterAuthRefusal(refusal, PASSWORD_REFUSALS[refusal]);

/** An error from Express or its body parser that is safe to show, with its own 4xx status. */
export const exposedClientError = (status: number, message: string) => new HttpError(status, message, "bad_request");

// Requests Node refuses before the app sees them (see http/server.ts), by Node's error code.
const CLIENT_ERRORS: Readonly<Record<string, () => HttpError>> = {
  HPE_HEADER_OVERFLOW: () => new HttpError(431, "Request header fields too large", "headers_too_large"),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: () => new HttpError(413, "Request chunk extensions too large", "payload_too_large"),
  ERR_HTTP_REQUEST_TIMEOUT: () => new HttpError(408, "Request not received in time", "request_timeout"),
};
export const clientErrorFor = (nodeCode: string | undefined) =>
  CLIENT_ERRORS[nodeCode ?? ""]?.() ?? new HttpError(400, "Malformed HTTP request", "bad_request");

/** v1 body: `{error, code?, ...extra}`; a validation failure adds `details` keyed `part.field`. */
export function v1Body(error: HttpError, stack?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { error: error.message };
  if (error.code !== undefined) body.code = error.code;
  Object.assign(body, error.options.extra);
  if (error instanceof ValidationError) body.details = groupIssues(error.issues, (i) => [i.part, ...i.path].join("."));
  if (stack !== undefined) body.stack = stack;
  return body;
}

/** better-auth's body: `{code, message}`. */
export function betterAuthBody(error: HttpError): Record<string, unknown> {
  return { code: error.code, message: error.message };
}

// Django REST framework's wording, which v2 clients are written against.
const V2_DETAIL: Readonly<Record<number, string>> = {
  401: "Authentication credentials were not provided.",
  403: "You do not have permission to perform this action.",
  404: "Not found.",
};

/** v2 body: a map from field to messages on validation failure, else `{detail, code?}`. */
export function v2Body(error: HttpError, stack?: string): Record<string, unknown> {
  if (error instanceof ValidationError) {
    return groupIssues(error.issues, (i) => (i.path.length ? i.path.join(".") : "non_field_errors"));
  }
  const drfDetail = error.options.specificInV2 ? error.message : V2_DETAIL[error.status];
  const body: Record<string, unknown> = { detail: drfDetail ?? error.message };
  // DRF's own answers are exactly `{detail}`; the service's other errors keep their code (rate_limited, ...).
  if (drfDetail === undefined && error.code !== undefined) body.code = error.code;
  if (stack !== undefined) body.stack = stack;
  return body;
}

function groupIssues(issues: readonly FieldIssue[], keyOf: (issue: FieldIssue) => string): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const issue of issues) (grouped[keyOf(issue)] ??= []).push(issue.message);
  return grouped;
}
