import * as z from "zod";
import type { oas31, ZodOpenApiOperationObject } from "zod-openapi";
import { type ApiFamily, responsesOf } from "./responses.js";

/** Who may call an operation; decides its security requirement and the errors it can answer. */
export type Access = "anyone" | "optional-session" | "session" | "USER" | "MODERATOR" | "ADMIN";

export const SESSION_COOKIE = "sessionCookie";

const ACCESS_TEXT: Record<Access, string> = {
  anyone: "Anyone.",
  "optional-session": "Anyone; with a session the answer is personalised.",
  session: "Needs a session.",
  USER: "Needs a session with role USER or above (a GUEST only reads).",
  MODERATOR: "Needs a session with role MODERATOR or ADMIN.",
  ADMIN: "Needs a session with role ADMIN.",
};

// The guard's two privileged query parameters: an ADMIN may act as another user (in every mode),
// and in development a configured key elevates a session to ADMIN for one request.
const guardQuery = z.object({
  impersonatingUser: z
    .string()
    .optional()
    .meta({ description: "ADMIN only: act as this user id for this request (audited); empty is the same as absent" }),
  adminKey: z
    .string()
    .optional()
    .meta({ description: "Development only: DEV_MODE_ADMIN_KEY elevates the session to ADMIN for this request" }),
});

export interface OperationSpec {
  family: ApiFamily;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  path?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  successes: Record<number, { description: string; schema?: z.ZodType }>;
  /** Error statuses of the route itself, beyond what its access level implies. */
  errors?: number[];
}

export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const guarded = spec.access !== "anyone";
  const accessErrors =
    spec.access === "anyone" || spec.access === "optional-session"
      ? []
      : spec.access === "session"
        ? [401]
        : [401, 403];
  // A v2 write whose body is not JSON is refused 415 before anything else reads it.
  const bodyErrors = spec.body && spec.family === "v2" ? [415] : [];
  const query = guarded ? (spec.query ? spec.query.extend(guardQuery.shape) : guardQuery) : spec.query;
  const security: oas31.SecurityRequirementObject[] =
    spec.access === "anyone"
      ? []
      : spec.access === "optional-session"
        ? [{}, { [SESSION_COOKIE]: [] }]
        : [{ [SESSION_COOKIE]: [] }];
  return {
    tags: [spec.tag],
    summary: spec.summary,
    description: [ACCESS_TEXT[spec.access], spec.description].filter(Boolean).join(" "),
    security,
    requestParams: { ...(spec.path ? { path: spec.path } : {}), ...(query ? { query } : {}) },
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: spec.body } } } } : {}),
    responses: responsesOf(spec.family, spec.successes, [...accessErrors, ...bodyErrors, ...(spec.errors ?? [])]),
  };
}
