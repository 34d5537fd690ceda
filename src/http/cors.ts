import cors from "cors";
import type { Request, RequestHandler } from "express";
import type { Config } from "../config.js";
import { REQUEST_ID_HEADER } from "../logging/request-id.js";
import { corsOriginNotAllowed, endpointNotFound } from "./errors.js";

// Headers a browser app must read: when to retry, which request to quote, how much budget is left.
const EXPOSED_HEADERS = ["Retry-After", REQUEST_ID_HEADER, "RateLimit", "RateLimit-Policy"];

/**
 * The allowlist of CORS_ORIGINS, with credentials. Decided per request so that another origin
 * gets no CORS header at all (with a list, the cors package would still send it
 * Access-Control-Allow-Credentials).
 */
export function corsPolicy(config: Pick<Config, "corsOrigins">): RequestHandler {
  const allowed = new Set(config.corsOrigins);
  const policy = cors<Request>((req, callback) =>
    callback(null, {
      origin: allowed.has(req.get("origin") ?? ""),
      credentials: true,
      exposedHeaders: EXPOSED_HEADERS,
    }),
  );
  // Only browsers send Origin; without it the policy has nothing to allow (cors would only call next()).
  return (req, res, next) => (req.headers.origin === undefined ? next() : policy(req, res, next));
}

/**
 * OPTIONS serves one purpose here, the preflight of an allowed origin, which `corsPolicy` answers.
 * A preflight that gets here comes from any other origin: it is refused in JSON with no CORS
 * header. Any other OPTIONS request is an endpoint the API does not serve. Both replace Express's
 * automatic text/plain answer (200 "GET, HEAD, POST"), since every response is JSON.
 */
export const refuseOtherOptions: RequestHandler = (req, _res, next) => {
  if (req.method !== "OPTIONS") return next();
  if (req.get("origin") !== undefined && req.get("access-control-request-method") !== undefined)
    throw corsOriginNotAllowed();
  throw endpointNotFound(req.method, req.originalUrl);
};
