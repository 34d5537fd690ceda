import * as z from "zod";
import type { oas31, ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { rolesText } from "../roles.js";
import type { Access, Route, RouteGroup } from "../http/route.js";
import { WRITES_WITH_BODY } from "../http/conventions.js";
import { UNSAFE_METHODS } from "../http/methods.js";
import { responsesOf } from "./responses.js";

// The OpenAPI operation of each declared route (http/route.ts), from the same declaration that
// mounts it: the access text, security requirement and guard errors come from its access.

export const SESSION_COOKIE = "sessionCookie";

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

/** The paths of a group's routes, each Express path written as OpenAPI writes it (`:id` as `{id}`). */
export function pathsOf(group: RouteGroup): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const declared of group.routes) {
    const path = (group.base + declared.path).replace(/:([A-Za-z_$][\w$]*)/g, "{$1}");
    paths[path] = { ...paths[path], [declared.method]: operationOf(declared, group) };
  }
  return paths;
}

export function operationOf(declared: Route, group: RouteGroup): ZodOpenApiOperationObject {
  const { access } = declared;
  const guarded = access !== "anyone";
  // Refused where the group refuses it: any body of a write that is not JSON, even on a route that reads none.
  const bodyErrors = group.jsonBodiesOnly && WRITES_WITH_BODY.has(declared.method.toUpperCase()) ? [415] : [];
  const query = [declared.query, declared.list?.query, guarded ? guardQuery : undefined]
    .filter((part): part is z.ZodObject => part !== undefined)
    .reduce<z.ZodObject | undefined>((merged, part) => (merged ? merged.extend(part.shape) : part), undefined);
  const security: oas31.SecurityRequirementObject[] =
    access === "anyone"
      ? []
      : access === "optional-session"
        ? [{}, { [SESSION_COOKIE]: [] }]
        : [{ [SESSION_COOKIE]: [] }];
  return {
    tags: [declared.tag],
    summary: declared.summary,
    description: [accessText(access), declared.description].filter(Boolean).join(" "),
    security,
    requestParams: { ...(declared.params ? { path: declared.params } : {}), ...(query ? { query } : {}) },
    ...(declared.body
      ? { requestBody: { required: true, content: { "application/json": { schema: declared.body } } } }
      : {}),
    responses: withCrossSiteRefusal(
      declared,
      group,
      responsesOf(
        group.family,
        declared.successes,
        [...guardErrors(access), ...bodyErrors, ...(declared.errors ?? [])],
        {
          common: !group.aheadOfStack,
        },
      ),
    ),
  };
}

/**
 * Any write may be refused 403 cross_site_request when a browser says it comes from another site;
 * a route that answers 403 for its own reasons already describes that status.
 */
function withCrossSiteRefusal(
  declared: Route,
  group: RouteGroup,
  responses: ReturnType<typeof responsesOf>,
): ReturnType<typeof responsesOf> {
  if (!UNSAFE_METHODS.has(declared.method.toUpperCase()) || responses["403"]) return responses;
  const [refusal] = Object.values(responsesOf(group.family, {}, [403], { common: false }));
  return {
    ...responses,
    403: {
      ...refusal!,
      description: "Not permitted, or a write a browser marks as coming from another site (cross_site_request)",
    },
  };
}

function guardErrors(access: Access): number[] {
  if (access === "anyone" || access === "optional-session") return [];
  return access === "session" ? [401] : [401, 403];
}

function accessText(access: Access): string {
  if (access === "anyone") return "Anyone.";
  if (access === "optional-session") return "Anyone; with a session the answer is personalised.";
  if (access === "session") return "Needs a session.";
  return `Needs a session with role ${rolesText(access)}.`;
}
