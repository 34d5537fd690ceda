import { createDocument, type ZodOpenApiObject } from "zod-openapi";
import type { Auth } from "../auth/auth.js";
import { roleGates } from "../auth/policy.js";
import { methodNotAllowed } from "../http/errors.js";
import { UNSAFE_METHODS } from "../http/methods.js";
import { authPaths } from "./auth-paths.js";
import * as z from "zod";
import { responsesOf } from "./responses.js";
import { DOCS_ASSETS } from "./docs-page.js";
import { type OpenApiDocument, rateLimitHeaders, withOperationIdsAndLimitHeaders } from "./finishing.js";
import { probeRoutes } from "../http/ready.js";
import { v1Routes } from "../v1/routes.js";
import { v2Routes } from "../v2/routes.js";
import { rolesText } from "../roles.js";
import { pathsOf, SESSION_COOKIE } from "./operations.js";
import { statusJson } from "../http/wire.js";

export type { OpenApiDocument };

const DESCRIPTION = `Users, posts, comments and notifications behind cookie sessions and role-based access.

Sign up or sign in under **Sessions (better-auth)**: the answer sets the session cookie, which
the browser then sends with every call made from this page. Routes under \`/api\` answer v1
errors \`{error, code?}\`; routes under \`/api/v2\` answer \`{detail}\` or, on a validation failure,
a map from field to messages; better-auth answers \`{message, code}\`.

A v2 path asked with a method it does not serve answers 405 with an \`Allow\` header and
\`{"detail": ${JSON.stringify(methodNotAllowed("PATCH").message)}}\`, except OPTIONS: that is a CORS preflight, answered 204 for
an allowed origin, 403 for another, and as an unknown endpoint (404) without one. Under \`/api\` and \`/api/auth\` any
unserved method is the unknown-endpoint 404.`;

// The routes app.ts and openapi/router.ts mount by hand, outside the declared groups.
const probePaths = {
  "/health": {
    get: {
      tags: ["Probes"],
      summary: "The process answers",
      security: [],
      responses: { 200: { description: "Running", content: { "application/json": { schema: statusJson } } } },
    },
  },
};

const documentationPaths = {
  "/api/openapi.json": {
    get: {
      tags: ["Documentation"],
      summary: "This document (OpenAPI 3.1)",
      security: [],
      responses: {
        ...responsesOf("v1", {}),
        200: {
          description: "The document",
          content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
        },
      },
    },
  },
  "/api/docs": {
    get: {
      tags: ["Documentation"],
      summary: "Interactive reference (Swagger UI)",
      security: [],
      responses: {
        ...responsesOf("v1", {}),
        200: { description: "An HTML page", content: { "text/html": { schema: z.string() } } },
      },
    },
  },
  ...Object.fromEntries(
    Object.entries(DOCS_ASSETS).map(([name, asset]) => [
      `/api/docs/${name}`,
      {
        get: {
          tags: ["Documentation"],
          summary: "A script or style sheet of the reference page",
          security: [],
          responses: {
            ...responsesOf("v1", {}),
            200: { description: name, content: { [asset.type]: { schema: z.string() } } },
          },
        },
      },
    ]),
  ),
};

/** The service's OpenAPI 3.1 document: its own routes from their zod schemas, and better-auth's. */
export async function buildOpenApiDocument(auth: Auth): Promise<OpenApiDocument> {
  const authPart = await authPaths(auth);
  const document: ZodOpenApiObject = {
    openapi: "3.1.0",
    info: { title: "posts-api", version: "1.0.0", description: DESCRIPTION },
    // Relative: the document describes the service that serves it, whatever its address.
    servers: [{ url: "/", description: "The service that serves this document" }],
    tags: [
      {
        name: "Sessions (better-auth)",
        description: "Sign-up, sign-in and session management: better-auth's endpoints",
      },
      { name: "Users (v1)", description: "v1: accounts, profiles and roles; errors `{error, code?}`" },
      { name: "Posts (v1)", description: "v1: posts with limit/offset lists and moderation" },
      { name: "Posts", description: "v2: Django REST framework conventions" },
      { name: "Comments", description: "v2: comments on a post, cursor-paginated" },
      { name: "Users", description: `v2: accounts; the list is for ${rolesText(roleGates.listUsers)}` },
      { name: "Notifications", description: "v2: a user's notifications, as a list or a live event stream" },
      { name: "Tags", description: "v2: the most used tags of public posts" },
      { name: "Probes", description: "Liveness and readiness for orchestrators; never rate-limited" },
      { name: "Documentation", description: "This document and its interactive reference" },
    ],
    paths: {
      ...authPart.paths,
      ...probePaths,
      ...pathsOf(probeRoutes),
      ...pathsOf(v1Routes),
      ...pathsOf(v2Routes),
      ...documentationPaths,
    },
    components: {
      securitySchemes: {
        [SESSION_COOKIE]: {
          type: "apiKey",
          in: "cookie",
          name: "auth.session_token",
          description:
            "The HttpOnly session cookie set by sign-up and sign-in (`__Secure-auth.session_token` in production)",
        },
      },
      schemas: authPart.schemas,
      headers: rateLimitHeaders,
    },
  };
  return withOperationIdsAndLimitHeaders(withCrossSiteRefusals(createDocument(document)));
}

/**
 * Every write to the service's own routes may be refused 403 cross_site_request when a browser
 * says it comes from another site (better-auth's routes have their own 403).
 */
function withCrossSiteRefusals(document: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (path.startsWith("/api/auth/")) continue;
    const error = path.startsWith(`${v2Routes.base}/`) ? "V2Detail" : "V1Error";
    for (const method of UNSAFE_METHODS) {
      const operation = item?.[method.toLowerCase() as "post" | "put" | "patch" | "delete"];
      if (!operation?.responses || operation.responses["403"]) continue;
      operation.responses["403"] = {
        description: "Not permitted, or a write a browser marks as coming from another site (cross_site_request)",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${error}` } } },
      };
    }
  }
  return document;
}
