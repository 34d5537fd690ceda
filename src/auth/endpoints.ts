import { OIDC_PROVIDER_ID } from "./identity-provider.js";

/** Where better-auth's endpoints are served; their paths below are relative to it. */
export const AUTH_BASE_PATH = "/api/auth";

/** What the service offers of one better-auth endpoint, read by the handler, the document and the limiter. */
export interface AuthEndpoint {
  /** The one method it is served and documented with (a HEAD is read as the GET it stands for). */
  method: "GET" | "POST";
  summary: string;
  /**
   * `needed`: a signed-in session; `optional`: answers without one too (sign-out then has nothing to
   * end); `none`: anyone, or a challenge cookie set by the step before rather than a session.
   */
  session: "needed" | "optional" | "none";
  /** better-auth refuses it without a body, though its own description leaves the body optional. */
  bodyRequired?: true;
  /** The body field carrying a new password, held to the service's password rule before any hashing. */
  newPasswordField?: string;
  /**
   * Its whole point is a mail, so it is refused (503) without an SMTP server. `body-address`: the
   * mail goes to the address the body names, whoever asks, so each address has a budget of its own.
   */
  mails?: "account" | "body-address";
  /** Counted under the credential limit (RATE_LIMIT_AUTH): a password is checked or a challenge stored. */
  credentialLimit?: true;
  /** Served only when this sign-in method is configured; otherwise an unknown endpoint. */
  signInMethod?: "oidc";
}

/**
 * The endpoints the service offers of better-auth: email and password accounts, their sessions,
 * two-factor sign-in (TOTP and backup codes), passkeys, the flows that mail a link (password reset,
 * email verification, email change) and, when configured, sign-in through an identity provider.
 * Anything else under the base path, or another method, answers as an unknown endpoint: better-auth
 * fails with a 500 on TRACE, and refuses a POST to get-session with a 405 no client can act on.
 */
export const AUTH_ENDPOINTS: Readonly<Record<string, AuthEndpoint>> = {
  "/sign-up/email": {
    method: "POST",
    summary: "Create an account and sign in",
    session: "none",
    bodyRequired: true,
    newPasswordField: "password",
    credentialLimit: true,
  },
  "/sign-in/email": {
    method: "POST",
    summary: "Sign in with email and password",
    session: "none",
    bodyRequired: true,
    credentialLimit: true,
  },
  "/sign-out": { method: "POST", summary: "Sign out: end this session", session: "optional" },
  "/get-session": { method: "GET", summary: "The current session and its user (null without one)", session: "none" },
  "/update-user": { method: "POST", summary: "Change your name or image", session: "needed", bodyRequired: true },
  "/change-password": {
    method: "POST",
    summary: "Change your password (ends your other sessions)",
    session: "needed",
    bodyRequired: true,
    newPasswordField: "newPassword",
    credentialLimit: true,
  },
  "/list-sessions": {
    method: "GET",
    summary: "Your active sessions: created, last used, user agent and address (never their tokens)",
    session: "needed",
  },
  "/revoke-session": {
    method: "POST",
    summary: "End one of your sessions: by its id from list-sessions, or by its token",
    session: "needed",
    bodyRequired: true,
  },
  "/revoke-sessions": { method: "POST", summary: "End all your sessions", session: "needed" },
  "/revoke-other-sessions": { method: "POST", summary: "End all your sessions but this one", session: "needed" },
  "/request-password-reset": {
    method: "POST",
    summary: "Mail a password-reset link (the same answer for any address)",
    session: "none",
    bodyRequired: true,
    mails: "body-address",
    credentialLimit: true,
  },
  "/reset-password/{token}": {
    method: "GET",
    summary: "Follow a mailed reset link: redirects to the page that asked, with the token",
    session: "none",
  },
  "/reset-password": {
    method: "POST",
    summary: "Set a new password with a reset token (ends every session)",
    session: "none",
    bodyRequired: true,
    newPasswordField: "newPassword",
    credentialLimit: true,
  },
  "/send-verification-email": {
    method: "POST",
    summary: "Mail an email-verification link again",
    session: "none",
    bodyRequired: true,
    mails: "body-address",
    credentialLimit: true,
  },
  "/verify-email": {
    method: "GET",
    summary: "Follow a mailed verification link: marks the address verified",
    session: "none",
  },
  "/change-email": {
    method: "POST",
    summary: "Change your email: confirmed from the old address, then verified at the new one",
    session: "needed",
    bodyRequired: true,
    mails: "account",
    credentialLimit: true,
  },
  "/two-factor/enable": {
    method: "POST",
    summary:
      "Start two-factor enrolment with your password: an otpauth:// URI for an authenticator app and 10 single-use backup codes",
    session: "needed",
    bodyRequired: true,
  },
  "/two-factor/get-totp-uri": {
    method: "POST",
    summary: "The otpauth:// URI of your authenticator again (needs your password)",
    session: "needed",
    bodyRequired: true,
  },
  // The second step of a sign-in carries the challenge cookie that the first step set, not a session.
  "/two-factor/verify-totp": {
    method: "POST",
    summary:
      "Send a 6-digit code: confirms enrolment when signed in, or completes a sign-in that asked for one (5 wrong codes end that sign-in; a code is accepted once)",
    session: "none",
    bodyRequired: true,
  },
  "/two-factor/verify-backup-code": {
    method: "POST",
    summary: "Complete a sign-in that asked for a code with one of your backup codes (each works once)",
    session: "none",
    bodyRequired: true,
  },
  "/two-factor/generate-backup-codes": {
    method: "POST",
    summary: "Replace your backup codes with 10 new ones (needs your password)",
    session: "needed",
    bodyRequired: true,
  },
  "/two-factor/disable": {
    method: "POST",
    summary: "Turn two-factor sign-in off (needs your password)",
    session: "needed",
    bodyRequired: true,
  },
  "/passkey/generate-register-options": {
    method: "GET",
    summary:
      "Start registering a passkey: WebAuthn creation options for navigator.credentials.create (a session signed in within the day)",
    session: "needed",
    credentialLimit: true,
  },
  "/passkey/verify-registration": {
    method: "POST",
    summary: "Finish registering a passkey with the authenticator's response (its PublicKeyCredential as JSON)",
    session: "needed",
    bodyRequired: true,
    credentialLimit: true,
  },
  // A passkey sign-in carries the challenge cookie that its options set.
  "/passkey/generate-authenticate-options": {
    method: "GET",
    summary: "Start signing in with a passkey: WebAuthn request options for navigator.credentials.get",
    session: "none",
    credentialLimit: true,
  },
  "/passkey/verify-authentication": {
    method: "POST",
    summary:
      "Sign in with a passkey alone (the authenticator's PublicKeyCredential as JSON): both factors, no code asked",
    session: "none",
    bodyRequired: true,
    credentialLimit: true,
  },
  "/passkey/list-user-passkeys": { method: "GET", summary: "Your passkeys", session: "needed" },
  "/passkey/delete-passkey": {
    method: "POST",
    summary: "Delete one of your passkeys (404 for an id that is not yours)",
    session: "needed",
    bodyRequired: true,
  },
  "/sign-in/social": {
    method: "POST",
    summary:
      'Start signing in through the identity provider (`provider: "oidc"`): answers the URL to send the browser to',
    session: "none",
    signInMethod: "oidc",
  },
  [`/callback/${OIDC_PROVIDER_ID}`]: {
    method: "GET",
    summary:
      "Where the identity provider sends the browser back: signs in (or links) and redirects to callbackURL, or to errorCallbackURL with `error`",
    session: "none",
    signInMethod: "oidc",
  },
  "/link-social": {
    method: "POST",
    summary:
      'Link your identity-provider account (`provider: "oidc"`) to this account: answers the URL to send the browser to',
    session: "needed",
    signInMethod: "oidc",
  },
  "/list-accounts": {
    method: "GET",
    summary: "How you can sign in: your password account and linked identity-provider accounts",
    session: "needed",
    signInMethod: "oidc",
  },
  // better-auth's own page is HTML; the service answers the failure as JSON (sign-in-methods.ts).
  "/error": {
    method: "GET",
    summary:
      "Where a failed identity-provider sign-in lands when the client named no errorCallbackURL: the failure as JSON",
    session: "none",
    signInMethod: "oidc",
  },
};

/** The endpoints served with the sign-in methods configured (`oidc` when its provider is). */
export function offeredEndpoints(
  signInMethods: ReadonlySet<AuthEndpoint["signInMethod"]>,
): ReadonlyMap<string, AuthEndpoint> {
  return new Map(
    Object.entries(AUTH_ENDPOINTS).filter(
      ([, endpoint]) => endpoint.signInMethod === undefined || signInMethods.has(endpoint.signInMethod),
    ),
  );
}

/** The endpoint better-auth would route a URL to: its own normalisation (dot segments, trailing slashes). */
export function endpointOf(originalUrl: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(originalUrl, "http://service.invalid").pathname.replace(/\/+$/, "");
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return undefined;
  // The one path with a parameter: the link in a reset mail, named as the OpenAPI document names it.
  return pathname.slice(AUTH_BASE_PATH.length).replace(/^\/reset-password\/[^/]+$/, "/reset-password/{token}");
}

/** The endpoints under the credential limit, as the limiter matches requests. */
export function authCredentialRoutes(): { method: string; path: string }[] {
  return routesWhere((endpoint) => endpoint.credentialLimit === true);
}

/** The endpoints that mail the address their body names. */
export function mailToBodyAddressRoutes(): { method: string; path: string }[] {
  return routesWhere((endpoint) => endpoint.mails === "body-address");
}

function routesWhere(holds: (endpoint: AuthEndpoint) => boolean): { method: string; path: string }[] {
  return Object.entries(AUTH_ENDPOINTS)
    .filter(([, endpoint]) => holds(endpoint))
    .map(([path, endpoint]) => ({ method: endpoint.method, path: `${AUTH_BASE_PATH}${path}` }));
}
