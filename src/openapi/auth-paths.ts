import { betterAuth } from "better-auth";
import * as z from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { Auth } from "../auth/auth.js";
import { EMAIL_MAX_LENGTH } from "../auth/account-fields.js";
import { CALLBACK_URL_MAX } from "../auth/callback-urls.js";
import { userFields } from "../auth/field-limits.js";
import { AUTH_BASE_PATH, type AuthEndpoint, offeredEndpoints } from "../auth/endpoints.js";
import { OIDC_PROVIDER_ID } from "../auth/identity-provider.js";
import { newPassword, PASSWORD_MAX_LENGTH } from "../auth/password-rule.js";
import { configuredSignInMethods } from "../auth/sign-in-methods.js";
import type { Tag } from "../http/route.js";
import { SESSION_COOKIE } from "./operations.js";
import { responsesOf } from "./responses.js";

type Json = Record<string, unknown>;

const TAG: Tag = "Sessions (better-auth)";
// better-auth's own refusals that its description leaves out: a body that is not JSON (415), and a
// sign-up with an email already taken (422). Another method is the service's 404 (auth/handler.ts).
const EXTRA_ERRORS: Record<string, number[]> = { "/sign-up/email": [422] };
const ALL_ERRORS = [401, 403, 404, 415];

// A page better-auth sends the browser to: a trusted origin's URL or a path on this one
// (auth/callback-urls.ts refuses the rest).
const callbackUrl = (example: string) =>
  z.string().max(CALLBACK_URL_MAX).meta({
    example,
    description:
      'Where the browser lands: an absolute URL of a trusted origin, or a path starting with a single "/"; no "." or ".." segments',
  });

// The service's own rules for the fields of better-auth's bodies (auth/field-limits.ts checks the
// user's fields, auth/handler.ts a new password, auth/callback-urls.ts the pages named), which
// better-auth's description does not carry. `origin` is a trusted origin, for the examples.
function fieldRules(origin: string): Record<string, Record<string, z.ZodType>> {
  return {
    "/sign-up/email": {
      name: userFields.shape.name,
      email: userFields.shape.email,
      password: newPassword(),
      image: userFields.shape.image.unwrap().unwrap(),
      callbackURL: callbackUrl(`${origin}/welcome`).meta({
        description:
          'The page the verification link mailed at sign-up lands on; without one, following the link answers JSON. An absolute URL of a trusted origin, or a path starting with a single "/"',
      }),
    },
    // An address or a password no account can have is still only a failed sign-in (401).
    "/sign-in/email": {
      email: z.string().max(EMAIL_MAX_LENGTH),
      password: z.string().max(PASSWORD_MAX_LENGTH),
      callbackURL: callbackUrl(`${origin}/signed-in`),
    },
    "/update-user": { name: userFields.shape.name, image: userFields.shape.image },
    "/change-password": { newPassword: newPassword(), currentPassword: z.string().max(PASSWORD_MAX_LENGTH) },
    "/reset-password": { newPassword: newPassword() },
    "/change-email": { newEmail: userFields.shape.email, callbackURL: callbackUrl(`${origin}/email-changed`) },
    "/request-password-reset": { email: z.string().max(EMAIL_MAX_LENGTH), redirectTo: callbackUrl(`${origin}/reset`) },
    "/send-verification-email": {
      email: z.string().max(EMAIL_MAX_LENGTH),
      callbackURL: callbackUrl(`${origin}/verified`),
    },
  };
}
// Fields better-auth refuses to go without, which its description leaves optional.
const REQUIRED_FIELDS: Record<string, string[]> = { "/request-password-reset": ["redirectTo"] };
// Bodies that must name at least one field: update-user refuses an empty one ("No fields to update").
const NON_EMPTY_BODIES = new Set(["/update-user"]);
// The endpoints that set the session cookie, and the one that clears it.
const SET_COOKIE: Record<string, string> = {
  "/sign-up/email":
    "The session cookie `auth.session_token` (HttpOnly, SameSite=Lax; `__Secure-` and Secure in production); none when email verification is required",
  "/sign-in/email":
    "The session cookie `auth.session_token` (HttpOnly, SameSite=Lax; `__Secure-` and Secure in production)",
  "/sign-out": "Clears the session cookie `auth.session_token` (and its cache cookies), expired",
  "/passkey/verify-authentication":
    "The session cookie `auth.session_token` (HttpOnly, SameSite=Lax; `__Secure-` and Secure in production)",
};
// What the service itself refuses on these endpoints, before better-auth reads the request.
const SERVICE_REFUSALS: Record<string, string> = {
  "400":
    "Invalid request (better-auth's `{code, message}`): a field the service's rules refuse (INVALID_NAME, INVALID_EMAIL, PASSWORD_TOO_COMMON, ...), a callback URL that could leave the origin (INVALID_CALLBACK_URL, INVALID_REDIRECT_URL, ...), or one better-auth refuses",
  "415": 'The body is not JSON: `{error, code: "unsupported_media_type"}`',
};
// Bodies Swagger UI's "Try it out" starts from: better-auth's own would be generated from its
// schemas, with a `callbackURL` of "string" that sign-up refuses (INVALID_CALLBACK_URL).
const ADA = { email: "ada@example.com", password: "a long passphrase of yours" };
const EXAMPLES: Record<string, Json> = {
  "/sign-up/email": { name: "Ada Lovelace", ...ADA },
  "/sign-in/email": ADA,
  "/change-password": {
    currentPassword: ADA.password,
    newPassword: "another long passphrase",
    revokeOtherSessions: true,
  },
  "/update-user": { name: "Ada King" },
};
// Who may call an endpoint, as its security requirement: no session, with or without one, or one.
const SECURITY: Record<AuthEndpoint["session"], Json[]> = {
  none: [],
  optional: [{}, { [SESSION_COOKIE]: [] }],
  needed: [{ [SESSION_COOKIE]: [] }],
};
const REDIRECT = {
  description: "Redirect to the page the client named (callbackURL), with `token` or `error` in its query",
  headers: { Location: { schema: { type: "string" } } },
};
// A mailed link's endpoint answers a browser with a redirect, which better-auth's description leaves out.
const REDIRECTS: Record<string, Record<string, Json>> = {
  "/reset-password/{token}": { "302": REDIRECT },
  "/verify-email": { "302": REDIRECT },
  [`/callback/${OIDC_PROVIDER_ID}`]: { "302": REDIRECT },
};
// Answers that never succeed: the page a failed sign-in lands on.
const FAILURES_ONLY = new Set(["/reset-password/{token}", `/callback/${OIDC_PROVIDER_ID}`, "/error"]);

/**
 * better-auth's description of the endpoints the service offers, from better-auth's own generator.
 * The generator is an endpoint of its `openAPI` plugin; the plugin goes on a second instance built
 * from the live one's options, used for this and nothing else, because any plugin on the live
 * instance would change how it serves sessions. Its schemas are rewritten for OpenAPI 3.1
 * (`nullable` becomes a `null` type) and renamed `Auth...`; its errors are replaced by the ones the
 * service really sends (better-auth's `{message, code}`, or the service's own on a limit).
 */
export async function authPaths(auth: Auth): Promise<{ paths: ZodOpenApiPathsObject; schemas: Record<string, Json> }> {
  const rules = fieldRules(new URL(auth.options.baseURL ?? "http://localhost:3000").origin);
  // Loaded on the first request for the document, not at start-up.
  const { openAPI } = await import("better-auth/plugins/open-api");
  const describer = betterAuth({
    ...auth.options,
    plugins: [...(auth.options.plugins ?? []), openAPI({ disableDefaultReference: true })],
  });
  const described = (await describer.api.generateOpenAPISchema()) as unknown as {
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, Json> };
  };
  const paths: ZodOpenApiPathsObject = {};
  const referenced = new Set<string>();
  const offered = offeredEndpoints(configuredSignInMethods(auth.options.plugins));
  for (const [describedEndpoint, item] of Object.entries(described.paths)) {
    // The one provider's callback, under its own path rather than better-auth's `{id}` for any provider.
    const endpoint = describedEndpoint === "/callback/{id}" ? `/callback/${OIDC_PROVIDER_ID}` : describedEndpoint;
    const served = offered.get(endpoint);
    if (served === undefined) continue;
    const operations: Record<string, Json> = {};
    for (const [method, raw] of Object.entries(item)) {
      if (method !== served.method.toLowerCase()) continue;
      const op = toOpenApi31(raw, referenced) as Json & { responses: Record<string, Json> };
      if (endpoint !== describedEndpoint)
        op.parameters = (op.parameters as Json[] | undefined)?.filter((parameter) => parameter.in !== "path");
      const successes = {
        ...(FAILURES_ONLY.has(endpoint)
          ? {}
          : Object.fromEntries(Object.entries(op.responses).filter(([status]) => status.startsWith("2")))),
        ...REDIRECTS[endpoint],
      };
      const cookie = SET_COOKIE[endpoint];
      if (cookie && successes["200"])
        successes["200"] = {
          ...successes["200"],
          headers: { "Set-Cookie": { description: cookie, schema: { type: "string" } } },
        };
      if (endpoint === "/verify-email") userMayBeNull(successes["200"]);
      if (endpoint === "/sign-in/email") orTwoFactorChallenge(successes["200"]);
      if (endpoint === "/two-factor/verify-backup-code" || endpoint === "/passkey/verify-authentication")
        successes["200"] = { ...signedIn(referenced), ...(cookie ? { headers: successes["200"]?.headers } : {}) };
      if (endpoint === "/list-sessions") successes["200"] = sessionsWithoutTokens(described.components.schemas.Session);
      operations[method] = {
        ...op,
        ...withServiceRules(endpoint, served, op.requestBody as RequestBody | undefined, rules[endpoint] ?? {}),
        ...(endpoint === "/revoke-session" ? { requestBody: REVOKE_SESSION_BODY } : {}),
        summary: served.summary,
        tags: [TAG],
        security: SECURITY[served.session],
        responses: {
          ...successes,
          ...serviceRefusals(responsesOf("auth", {}, [...ALL_ERRORS, ...(EXTRA_ERRORS[endpoint] ?? [])])),
        },
      };
    }
    paths[`${AUTH_BASE_PATH}${endpoint}`] = operations;
  }
  const schemas: Record<string, Json> = {};
  for (const name of referenced)
    schemas[`Auth${name}`] = optionalAsNullable(toOpenApi31(described.components.schemas[name], referenced) as Json);
  return { paths, schemas };
}

type RequestBody = { required?: boolean; content?: Record<string, { schema?: Json }> };

/** better-auth's request body with the service's own limits on its fields, and whether it may be left out. */
function withServiceRules(
  endpoint: string,
  { bodyRequired }: AuthEndpoint,
  body: RequestBody | undefined,
  rules: Record<string, z.ZodType>,
): { requestBody?: RequestBody } {
  if (!body) return {};
  const content = Object.fromEntries(
    Object.entries(body.content ?? {}).map(([mediaType, { schema = {} }]) => {
      const properties = { ...(schema.properties as Record<string, Json> | undefined) };
      for (const [field, rule] of Object.entries(rules)) {
        const limits: Json = z.toJSONSchema(rule, { io: "input", unrepresentable: "any" });
        delete limits.$schema;
        properties[field] = { ...properties[field], ...limits };
      }
      const example = EXAMPLES[endpoint];
      const required = [
        ...new Set([...((schema.required as string[] | undefined) ?? []), ...(REQUIRED_FIELDS[endpoint] ?? [])]),
      ];
      const withRules = {
        ...schema,
        properties,
        ...(required.length > 0 ? { required } : {}),
        ...(NON_EMPTY_BODIES.has(endpoint) ? { minProperties: 1 } : {}),
      };
      return [mediaType, { schema: withRules, ...(example ? { example } : {}) }];
    }),
  );
  return { requestBody: { ...body, required: bodyRequired === true || body.required === true, content } };
}

/** The shared descriptions of 400 and 415, as they read on better-auth's endpoints. */
function serviceRefusals(responses: ReturnType<typeof responsesOf>): ReturnType<typeof responsesOf> {
  for (const [status, description] of Object.entries(SERVICE_REFUSALS))
    if (responses[status]) responses[status] = { ...responses[status], description };
  return responses;
}

/** better-auth's models answer an optional field it has no value for (a user's `image`) as null. */
function optionalAsNullable(model: Json): Json {
  const required = new Set((model.required as string[] | undefined) ?? []);
  const properties = { ...(model.properties as Record<string, Json> | undefined) };
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name) && typeof property.type === "string")
      properties[name] = { ...property, type: [property.type, "null"] };
  }
  return { ...model, properties };
}

/** OpenAPI 3.0's `nullable` as 3.1's type union, and component references renamed `Auth...`. */
function toOpenApi31(value: unknown, referenced: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => toOpenApi31(item, referenced));
  if (value === null || typeof value !== "object") return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "nullable") continue;
    if (key === "$ref" && typeof inner === "string") {
      const name = inner.replace("#/components/schemas/", "");
      referenced.add(name);
      out.$ref = `#/components/schemas/Auth${name}`;
      continue;
    }
    out[key] = toOpenApi31(inner, referenced);
  }
  if ((value as Json).nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: "null" }] };
  }
  return out;
}

/**
 * A verification link followed without a session (from a mail client, say) answers `user: null`;
 * better-auth's description has the user always.
 */
function userMayBeNull(response: Json | undefined): void {
  const schema = (response?.content as Record<string, { schema?: Json }> | undefined)?.["application/json"]?.schema;
  const properties = schema?.properties as Record<string, Json> | undefined;
  if (properties?.user) properties.user = { anyOf: [properties.user, { type: "null" }] };
}

/** A user with two-factor sign-in gets the challenge instead of a session: the code goes to verify-totp. */
function orTwoFactorChallenge(response: Json | undefined): void {
  const content = (response?.content as Record<string, { schema?: Json }> | undefined)?.["application/json"];
  if (!content?.schema) return;
  const challenge = {
    type: "object",
    description: "Two-factor sign-in: no session yet; the auth.two_factor cookie carries the challenge",
    properties: {
      twoFactorRedirect: { type: "boolean", const: true },
      twoFactorMethods: { type: "array", items: { type: "string", enum: ["totp", "otp"] } },
    },
    required: ["twoFactorRedirect", "twoFactorMethods"],
  };
  content.schema = { oneOf: [content.schema, challenge] };
}

/** A completed two-factor sign-in: better-auth describes a backup code's answer with a session it does not send. */
function signedIn(referenced: Set<string>): Json {
  referenced.add("User");
  return {
    description: "Signed in: the session cookie is set",
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: { token: { type: "string" }, user: { $ref: "#/components/schemas/AuthUser" } },
          required: ["token", "user"],
        },
      },
    },
  };
}

/** better-auth lists sessions with their tokens; the service sends them without (auth/session-listing.ts). */
function sessionsWithoutTokens(session: Json | undefined): Json {
  const { token: _token, ...properties } = (session?.properties ?? {}) as Record<string, Json>;
  const required = ((session?.required as string[] | undefined) ?? []).filter((name) => name !== "token");
  const item = optionalAsNullable({ type: "object", properties: toOpenApi31(properties, new Set()), required });
  return {
    description: "Your active sessions, without their tokens",
    content: { "application/json": { schema: { type: "array", items: item } } },
  };
}

const REVOKE_SESSION_BODY = {
  required: true,
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          id: { type: "string", format: "uuid", description: "The session's id, as list-sessions shows it" },
          token: { type: "string", description: "The session's token (your own current one, say)" },
        },
        anyOf: [{ required: ["id"] }, { required: ["token"] }],
      },
    },
  },
};
