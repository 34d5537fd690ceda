import type { Request, RequestHandler } from "express";
import { match } from "path-to-regexp";
import { methodNotAllowed, unsupportedMediaType } from "./errors.js";
import type { Route } from "./route.js";

// The writes whose body v2 reads; a DELETE's body is never read, so its type does not matter.
/** The methods whose body jsonWritesOnly holds to JSON, whether or not the route reads one. */
export const WRITES_WITH_BODY: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);

/**
 * A write whose body is not JSON is refused 415, as Django REST framework's JSON-only parser
 * does, rather than read as no body at all (which would answer a form with field errors).
 */
export const jsonWritesOnly: RequestHandler = (req, _res, next) => {
  if (!WRITES_WITH_BODY.has(req.method) || !hasBody(req) || req.is("application/json")) return next();
  throw unsupportedMediaType(req.get("content-type") ?? "");
};

function hasBody(req: Request): boolean {
  return req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
}

/**
 * Registered after a group's routes: a path one of them serves, asked with another method, is a
 * 405 naming the methods it does serve (a path none serves goes on to the 404). Paths match as
 * Express's non-strict routing matches them, with or without a trailing slash.
 */
export function methodsNotAllowed(routes: readonly Route[]): RequestHandler {
  const served = routes.map((declared) => ({
    method: declared.method.toUpperCase(),
    // Not decoded: only whether the path matches counts, and a malformed escape must not throw here.
    matches: match(withoutTrailingSlash(declared.path), { trailing: true, decode: false }),
  }));
  return (req, res, next) => {
    const allowed = new Set(served.filter(({ matches }) => matches(req.path)).map(({ method }) => method));
    if (allowed.size === 0) return next();
    if (allowed.has("GET")) allowed.add("HEAD");
    res.setHeader("Allow", [...allowed].sort().join(", "));
    throw methodNotAllowed(req.method);
  };
}

function withoutTrailingSlash(path: string): string {
  return path === "/" ? path : path.replace(/\/+$/, "");
}
