import type { Request } from "express";

// better-auth is given the body as the text it was sent as; the service's own checks before it
// (address limit, mailed fields, password rule) read fields of the same body, parsed once here.
const parsedBodies = new WeakMap<Request, Readonly<Record<string, unknown>>>();

/** Parses a better-auth request's body, read whole as text, once; a body that is not a JSON object has no fields. */
export function parseAuthBody(req: Request): void {
  if (typeof req.body !== "string") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body);
  } catch {
    // Not JSON: better-auth's to refuse.
    return;
  }
  if (parsed !== null && typeof parsed === "object") parsedBodies.set(req, parsed as Record<string, unknown>);
}

/** A field of the request's JSON body, as `parseAuthBody` parsed it; undefined without one. */
export function authBodyField(req: Request, field: string): unknown {
  return parsedBodies.get(req)?.[field];
}
