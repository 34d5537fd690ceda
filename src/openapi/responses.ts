import * as z from "zod";
import type { RouteFamily, Success } from "../http/route.js";

// The error bodies of each API family, and the responses every operation shares. Statuses a
// route adds (401, 403, 404, 409) are named by the route; the ones any request may meet (a
// malformed body or URL, a body too large, the rate limit, a failure, the database down) are
// added to every operation here.

export const v1Error = z
  .object({
    error: z.string(),
    code: z.string().optional(),
    details: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "On validation_error: messages keyed `part.field` (body.title, query.limit)" }),
    endpoint: z.string().optional().meta({ description: "On the unknown-endpoint 404: `METHOD url`" }),
    stack: z.string().optional().meta({ description: "Development mode, 500 only" }),
  })
  .meta({ id: "V1Error", description: "v1 error: `{error, code?}`; the authentication and role errors have no code" });

export const v2Detail = z
  .object({ detail: z.string(), code: z.string().optional(), stack: z.string().optional() })
  .meta({
    id: "V2Detail",
    description: "v2 error (Django REST framework): `{detail}`; the service's own errors add a code",
  });

export const v2FieldErrors = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: "V2FieldErrors", description: "v2 validation failure: messages keyed by field name" });

export const authError = z
  .object({ message: z.string(), code: z.string().optional() })
  .meta({ id: "AuthError", description: "better-auth's error body on /api/auth/*" });

export type ApiFamily = RouteFamily | "auth";

const DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: validation failure, malformed JSON or URL, or an impersonated user that does not exist",
  401: "No session",
  403: "Authenticated but not permitted, or a cross-origin preflight from an origin not allowed",
  404: "Not found, or not visible to the caller",
  409: "Conflict with existing data",
  413: "Body over the size limit",
  415: "The body is not JSON (v2: Unsupported media type)",
  422: "Refused by better-auth (e.g. the email is taken)",
  429: "Too many requests: see Retry-After",
  500: "Internal error",
  503: "The database is unavailable",
};

const COMMON = [400, 413, 429, 500, 503];

function errorSchema(family: ApiFamily, status: number): z.ZodType {
  if (family === "auth") return z.union([authError, v1Error]);
  if (family === "v1") return v1Error;
  return status === 400 ? z.union([v2FieldErrors, v2Detail]) : v2Detail;
}

type Content = Record<string, { schema: z.ZodType }>;
const json = (schema: z.ZodType): Content => ({ "application/json": { schema } });

/** An operation's responses: its successes as given, then its own and the common error statuses. */
export function responsesOf(
  family: ApiFamily,
  successes: Record<number, Success>,
  errors: number[] = [],
  { common = true } = {},
) {
  const responses: Record<string, { description: string; content?: Content }> = {};
  for (const [status, { description, schema, mediaType, negotiated = {} }] of Object.entries(successes)) {
    const others = Object.fromEntries(Object.entries(negotiated).map(([type, body]) => [type, { schema: body }]));
    responses[status] = schema
      ? { description, content: { [mediaType ?? "application/json"]: { schema }, ...others } }
      : { description };
  }
  for (const status of [...new Set([...errors, ...(common ? COMMON : [])])].sort()) {
    responses[String(status)] = {
      description: DESCRIPTIONS[status] ?? "Error",
      content: json(errorSchema(family, status)),
    };
  }
  return responses;
}
