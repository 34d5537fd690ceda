import type { Request, RequestHandler, Router } from "express";
import { methodNotAllowed, unsupportedMediaType } from "./errors.js";

// The parts of router@2's Layer and Route read here (Express 5 does not type them).
interface LayerLike {
  route?: { methods: Record<string, boolean | undefined> };
  handle?: unknown;
  match(path: string): unknown;
}

// The writes whose body v2 reads; a DELETE's body is never read, so its type does not matter.
const WRITES_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

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
 * Registered after a router's routes: a path one of them serves, asked with another method, is a
 * 405 naming the methods it does serve (a path none serves goes on to the 404).
 */
export function methodsNotAllowed(router: Router): RequestHandler {
  return (req, res, next) => {
    const allowed = new Set<string>();
    collectMethods((router as unknown as { stack: LayerLike[] }).stack, req.path, allowed);
    if (allowed.size === 0) return next();
    if (allowed.has("GET")) allowed.add("HEAD");
    res.setHeader("Allow", [...allowed].sort().join(", "));
    throw methodNotAllowed(req.method);
  };
}

function collectMethods(stack: readonly LayerLike[], path: string, allowed: Set<string>): void {
  for (const layer of stack) {
    const nested = (layer.handle as { stack?: unknown } | undefined)?.stack;
    if (layer.route && layer.match(path)) {
      for (const [method, served] of Object.entries(layer.route.methods))
        if (served && method !== "_all") allowed.add(method.toUpperCase());
    } else if (!layer.route && Array.isArray(nested) && layer.match(path)) {
      collectMethods(nested as LayerLike[], path, allowed);
    }
  }
}
