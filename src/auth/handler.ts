import { setTimeout as delay } from "node:timers/promises";
import { toNodeHandler } from "better-auth/node";
import express, { type RequestHandler } from "express";
import type { ChangeFeed } from "../changes/index.js";
import { whenWriteHeard } from "../http/write-barrier.js";
import type { DrizzleDb } from "../db/client.js";
import { onPrimary } from "../db/replicas.js";
import {
  betterAuthRefusal,
  endpointNotFound,
  invalidUserField,
  mailUnavailable,
  passwordRefused,
} from "../http/errors.js";
import { jsonWritesOnly } from "../http/conventions.js";
import type { Mailer } from "../mail/mailer.js";
import { type Auth, CLIENT_ADDRESS_HEADER, VERIFICATION_LINK_S, withoutRootCallback } from "./auth.js";
import { mailForTakenAddress } from "./email-in-use.js";
import { authBodyField, parseAuthBody } from "../http/auth-body.js";
import { safeCallbacks } from "./callback-urls.js";
import { userFields } from "./field-limits.js";
import { refusedPassword } from "./password-rule.js";
import { AUTH_BASE_PATH, AUTH_ENDPOINTS, type AuthEndpoint, endpointOf, offeredEndpoints } from "./endpoints.js";
import { configuredSignInMethods, signInFailure } from "./sign-in-methods.js";
import { revokeById, withoutTokens } from "./session-listing.js";
import { answeredOnceMailQueued, forgetSignedUpUser } from "./mail-in-request.js";

// Longer than either answer takes on a healthy database, so that both take exactly this long.
const RESET_REQUEST_MIN_MS = 250;

/** Whether an endpoint is served with this method; a HEAD is read as the GET it stands for. */
function answersTo(method: string, endpoint: AuthEndpoint): boolean {
  return method === endpoint.method || (method === "HEAD" && endpoint.method === "GET");
}

// better-auth's largest legitimate body (name, email, password) is a few hundred bytes; the
// bound keeps each request's memory small while leaving better-auth its own answers to long fields.
const BODY_LIMIT = "1mb";

/**
 * Reads the body for better-auth, whole and bounded, with Express's own parser (any content type,
 * decoded and inflated as the JSON parser would). better-call then serialises `req.body` instead of
 * streaming the request; left to stream, it destroys the request, and with it the client's
 * keep-alive connection, whenever an endpoint answers without reading the body. Chunked or not,
 * a body over the bound is a JSON 413.
 */
const readBody = express.text({ type: () => true, limit: BODY_LIMIT });

/**
 * better-auth's handler for `/api/auth/*`, limited to the endpoints the service offers. It answers
 * an unknown auth path with an empty 404; that goes to the central error handler instead, as do
 * its unexpected failures (`onAPIError.throw`), so that every response is JSON, even an
 * error better-auth raises, and every error is logged like any other.
 */
export function authHandler(
  auth: Auth,
  changes: ChangeFeed,
  mailer: Mailer,
  limitPerAddress: RequestHandler,
  db: DrizzleDb,
): RequestHandler[] {
  const offered = offeredEndpoints(configuredSignInMethods(auth.options.plugins));
  const revokeSession = revokeById(db);
  const offeredOnly: RequestHandler = (req, _res, next) => {
    const path = endpointOf(req.originalUrl);
    const endpoint = path === undefined ? undefined : offered.get(path);
    if (endpoint === undefined || !answersTo(req.method, endpoint)) throw endpointNotFound(req.method, req.originalUrl);
    if (path === "/error")
      throw signInFailure(new URL(req.originalUrl, "http://service.invalid").searchParams.get("error") ?? undefined);
    if (endpoint.mails && !mailer.available) throw mailUnavailable();
    next();
  };
  const boundedBody: RequestHandler = (req, res, next) =>
    readBody(req, res, (error?: unknown) => {
      // `Content-Length: 0` is no body at all for better-auth (an empty one without a type is a 415).
      if (req.body === "") req.body = undefined;
      if (!error) parseAuthBody(req);
      next(error);
    });
  // The service's password rule (password-rule.ts), before better-auth hashes anything. Not in
  // better-auth's hooks: a request hook sends every session read through better-auth, and the
  // database hooks never see the password. A body that is not JSON never gets this far (415): a
  // form's fields would reach better-auth unread here.
  const passwordRule: RequestHandler = async (req, _res, next) => {
    const field = AUTH_ENDPOINTS[endpointOf(req.originalUrl) ?? ""]?.newPasswordField;
    const password = field === undefined ? undefined : authBodyField(req, field);
    const refusal = typeof password === "string" ? await refusedPassword(password) : undefined;
    if (refusal) throw passwordRefused(refusal);
    next();
  };
  // What better-auth would take on trust before it mails anything: an address the service's own
  // rule refuses (it would be mailed, and only its link would fail), and a reset request with no
  // page to send the mailed link to (the link then ends on an error for a valid token).
  const mailedFields: RequestHandler = (req, _res, next) => {
    const endpoint = endpointOf(req.originalUrl);
    if (endpoint === "/change-email") {
      const checked = userFields.safeParse({ email: authBodyField(req, "newEmail") });
      if (!checked.success) throw invalidUserField("email", checked.error.issues[0]!.message);
    }
    if (endpoint === "/request-password-reset" && typeof authBodyField(req, "redirectTo") !== "string")
      throw betterAuthRefusal(
        "REDIRECT_TO_REQUIRED",
        "redirectTo is required: the page of yours where the mailed link lands to set the new password",
      );
    next();
  };
  // A rejection reaches the central error handler: Express 5 forwards rejected promises.
  const handler: RequestHandler = (req, res) => {
    if (req.ip) req.headers[CLIENT_ADDRESS_HEADER] = req.ip;
    else delete req.headers[CLIENT_ADDRESS_HEADER];
    const started = performance.now();
    return toNodeHandler(async (request: Request) => {
      // Sessions and accounts are read where every sign-out and revocation already is: a lagging
      // replica would show a session that has ended.
      const response = await answeredOnceMailQueued(
        () => onPrimary(() => auth.handler(request)),
        // The account a failed sign-up made goes again, so that asking again signs up afresh.
        (answer) => (endpointOf(req.originalUrl) === "/sign-up/email" ? forgetSignedUpUser(db, answer) : undefined),
      );
      if (endpointOf(req.originalUrl) === "/change-email" && response.status === 200)
        await onPrimary(() =>
          changedToTakenAddress(request, authBodyField(req, "newEmail"), authBodyField(req, "callbackURL")),
        );
      // A known address costs two writes that an unknown one does not: answering no sooner than
      // a fixed time after the request hides which of the two it was.
      if (endpointOf(req.originalUrl) === "/request-password-reset")
        await delay(Math.max(0, RESET_REQUEST_MIN_MS - (performance.now() - started)));
      // The write barrier of the service's own routes: a sign-out, a revocation or a password
      // change is answered once this instance's session cache has heard of it.
      await whenWriteHeard(changes, req.method, response.status);
      if (endpointOf(req.originalUrl) === "/list-sessions") return withoutTokens(response);
      if (response.body !== null || response.status < 400) return response;
      if (response.status === 404) throw endpointNotFound(req.method, req.originalUrl);
      throw new Error(`better-auth answered ${response.status} without a body`);
    })(req, res);
  };
  // See mailForTakenAddress: a change to a taken address mails as a change to a free one does.
  const changedToTakenAddress = async (request: Request, newEmail: unknown, callbackURL: unknown): Promise<void> => {
    if (typeof newEmail !== "string") return;
    const session = await auth.api.getSession({ headers: request.headers });
    if (!session) return;
    const context = await auth.$context;
    await mailForTakenAddress(
      db,
      mailer,
      {
        user: session.user,
        newEmail: newEmail.toLowerCase(),
        callbackURL: typeof callbackURL === "string" ? callbackURL : undefined,
        secret: context.secret,
        baseURL: context.baseURL,
        expiresInS: VERIFICATION_LINK_S,
      },
      withoutRootCallback,
    );
  };
  const sessionById: RequestHandler = (req, res, next) =>
    endpointOf(req.originalUrl) === "/revoke-session" ? revokeSession(req, res, next) : next();
  return [
    offeredOnly,
    jsonWritesOnly,
    boundedBody,
    limitPerAddress,
    safeCallbacks,
    mailedFields,
    passwordRule,
    sessionById,
    handler,
  ];
}

const AUTH_ROUTE = `${AUTH_BASE_PATH}/*`;

/**
 * A request's route as the log and the metrics name it: better-auth's endpoints, all served by one
 * route, told apart (`/api/auth/sign-in/email`); a path it does not offer stays `/api/auth/*`, so
 * the names stay a bounded set.
 */
export function authRouteOf(template: string, originalUrl: string): string {
  if (template !== AUTH_ROUTE) return template;
  const endpoint = endpointOf(originalUrl);
  if (endpoint === undefined || !Object.hasOwn(AUTH_ENDPOINTS, endpoint)) return AUTH_ROUTE;
  return `${AUTH_BASE_PATH}${endpoint.replace("{token}", ":token")}`;
}
