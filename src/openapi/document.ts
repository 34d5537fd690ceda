import { createDocument, type ZodOpenApiObject } from "zod-openapi";
import type { Auth } from "../auth/auth.js";
import { roleGates } from "../auth/policy.js";
import { methodNotAllowed } from "../http/errors.js";
import { authPaths } from "./auth-paths.js";
import { type OpenApiDocument, rateLimitHeaders, withOperationIdsAndLimitHeaders } from "./finishing.js";
import { livenessRoutes } from "../http/health.js";
import { ROUTE_GROUPS } from "../route-groups.js";
import { TAGS, type Tag } from "../http/route.js";
import { rolesText } from "../roles.js";
import { pathsOf, SESSION_COOKIE } from "./operations.js";

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

const TAG_DESCRIPTIONS: Record<Tag, string> = {
  "Sessions (better-auth)": "Sign-up, sign-in and session management: better-auth's endpoints",
  "Users (v1)": "v1: accounts, profiles and roles; errors `{error, code?}`",
  "Posts (v1)": "v1: posts with limit/offset lists and moderation",
  Posts: "v2: Django REST framework conventions",
  Comments: "v2: comments on a post, cursor-paginated",
  Users: `v2: accounts; the list is for ${rolesText(roleGates.listUsers)}`,
  Notifications: "v2: a user's notifications, as a list or a live event stream",
  Tags: "v2: the most used tags of public posts",
  "Your account": "v2: delete your own account, or export everything it holds",
  Administration:
    "v2: the admin console's reads and actions: counts, the audit trail, users' sessions and comments, the mail queue",
  Probes: "Liveness and readiness for orchestrators; never rate-limited",
  Documentation: "This document and its interactive reference",
};

/** The service's OpenAPI 3.1 document: its own routes from their zod schemas, and better-auth's. */
export async function buildOpenApiDocument(auth: Auth): Promise<OpenApiDocument> {
  const authPart = await authPaths(auth);
  const document: ZodOpenApiObject = {
    openapi: "3.1.0",
    info: { title: "posts-api", version: "1.0.0", description: DESCRIPTION },
    // Relative: the document describes the service that serves it, whatever its address.
    servers: [{ url: "/", description: "The service that serves this document" }],
    tags: TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths: {
      ...authPart.paths,
      ...pathsOf(livenessRoutes),
      ...ROUTE_GROUPS.reduce((paths, group) => ({ ...paths, ...pathsOf(group) }), {}),
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
  return withOperationIdsAndLimitHeaders(createDocument(document));
}
