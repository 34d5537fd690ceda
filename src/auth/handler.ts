import { setTimeout as delay } from "node:timers/promises";
import { toNodeHandler } from "better-auth/node";
import express, { type RequestHandler } from "express";
import type { ChangeFeed } from "../db/change-feed.js";
import { endpointNotFound, mailUnavailable, payloadTooLarge } from "../http/errors.js";
import { UNSAFE_METHODS } from "../http/methods.js";
import type { Mailer } from "../mail/mailer.js";
import { type Auth, CLIENT_ADDRESS_HEADER } from "./auth.js";

const BASE_PATH = "/api/auth";

// What the service offers of better-auth: email and password accounts, their sessions, and the
// flows that mail a link (password reset, email verification, email change). It also serves social
// sign-in and its callbacks and an HTML error page: nothing here configures or documents them, so
// they answer as unknown endpoints.
export const OFFERED_ENDPOINTS: ReadonlySet<string> = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/update-user",
  "/change-password",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/request-password-reset",
  "/reset-password/{token}",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/change-email",
]);

// The endpoints whose whole point is a mail: without an SMTP server they would answer as if it had gone.
const MAIL_ENDPOINTS: ReadonlySet<string> = new Set([
  "/request-password-reset",
  "/send-verification-email",
  "/change-email",
]);

// Longer than either answer takes on a healthy database, so that both take exactly this long.
const RESET_REQUEST_MIN_MS = 250;

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

/** The endpoint better-auth would route a URL to: its own normalisation (dot segments, trailing slashes). */
function endpointOf(originalUrl: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(originalUrl, "http://service.invalid").pathname.replace(/\/+$/, "");
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(`${BASE_PATH}/`)) return undefined;
  // The one path with a parameter: the link in a reset mail, named as the OpenAPI document names it.
  return pathname.slice(BASE_PATH.length).replace(/^\/reset-password\/[^/]+$/, "/reset-password/{token}");
}

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
): RequestHandler[] {
  const offeredOnly: RequestHandler = (req, _res, next) => {
    const endpoint = endpointOf(req.originalUrl);
    if (endpoint === undefined || !OFFERED_ENDPOINTS.has(endpoint)) throw endpointNotFound(req.method, req.originalUrl);
    if (MAIL_ENDPOINTS.has(endpoint) && !mailer.available) throw mailUnavailable();
    next();
  };
  const boundedBody: RequestHandler = (req, res, next) =>
    readBody(req, res, (error?: unknown) => {
      // `Content-Length: 0` is no body at all for better-auth (an empty one without a type is a 415).
      if (req.body === "") req.body = undefined;
      next((error as { type?: string } | undefined)?.type === "entity.too.large" ? payloadTooLarge("1 MB") : error);
    });
  // A rejection reaches the central error handler: Express 5 forwards rejected promises.
  const handler: RequestHandler = (req, res) => {
    if (req.ip) req.headers[CLIENT_ADDRESS_HEADER] = req.ip;
    else delete req.headers[CLIENT_ADDRESS_HEADER];
    const started = performance.now();
    return toNodeHandler(async (request: Request) => {
      const response = await auth.handler(request);
      // A known address costs two writes that an unknown one does not: answering no sooner than
      // a fixed time after the request hides which of the two it was.
      if (endpointOf(req.originalUrl) === "/request-password-reset")
        await delay(Math.max(0, RESET_REQUEST_MIN_MS - (performance.now() - started)));
      // As for the service's own writes (http/own-changes.ts): a sign-out, a revocation or a
      // password change is answered once this instance's session cache has heard of it.
      if (response.status < 400 && UNSAFE_METHODS.has(req.method)) await changes.caughtUp();
      if (response.body !== null || response.status < 400) return response;
      if (response.status === 404) throw endpointNotFound(req.method, req.originalUrl);
      throw new Error(`better-auth answered ${response.status} without a body`);
    })(req, res);
  };
  return [offeredOnly, boundedBody, limitPerAddress, handler];
}
