import type { Role } from "../src/roles.js";
import { routeTableOf } from "../tools/routes/table.js";
import { unknownId } from "./factories.js";
import type { TestApp } from "./harness.js";

/**
 * Who may call each route of the app's route table (tools/routes/table.ts), for the security suites
 * (test/owasp/, test/fuzz.system.test.ts). A route the table serves and this list does not
 * classify fails the inventory test: whoever adds a route says here who may call it.
 *
 * - public: no session needed (some personalise their answer when one is sent);
 * - session: any signed-in user, whatever the role; ownership is the handler's (see API1 tests);
 * - roles: a session holding one of the roles (ADMIN passes every role check). Writing content
 *   (posts, comments) takes USER or above: a GUEST only reads, and deletes what it wrote.
 */
export type Access = { kind: "public" } | { kind: "session" } | { kind: "roles"; roles: readonly Role[] };

const PUBLIC: Access = { kind: "public" };
const SESSION: Access = { kind: "session" };
const ADMIN: Access = { kind: "roles", roles: ["ADMIN"] };
const MODERATOR: Access = { kind: "roles", roles: ["MODERATOR", "ADMIN"] };
const AUTHOR: Access = { kind: "roles", roles: ["USER", "MODERATOR"] };

export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  // better-auth: sign-up and sign-in are public; its session endpoints check the session themselves.
  "ALL /api/auth/*": PUBLIC,
  "GET /health": PUBLIC,
  "GET /ready": PUBLIC,

  "GET /api/users": ADMIN,
  // User creation takes no session on purpose: it is a second way to sign up.
  "POST /api/users": PUBLIC,
  "GET /api/users/:id": SESSION,
  "PUT /api/users/:id": SESSION,
  "DELETE /api/users/:id": ADMIN,
  "PUT /api/users/:id/roles": ADMIN,
  "GET /api/admin/users": ADMIN,
  "GET /api/admin/audit": ADMIN,
  "GET /api/profile": SESSION,
  "GET /api/posts": PUBLIC,
  "POST /api/posts": AUTHOR,
  "GET /api/posts/:id": PUBLIC,
  "PUT /api/posts/:id": AUTHOR,
  "DELETE /api/posts/:id": SESSION,
  "POST /api/moderate": MODERATOR,

  "GET /api/v2/posts/": PUBLIC,
  "POST /api/v2/posts/": AUTHOR,
  "GET /api/v2/posts/:id/": PUBLIC,
  "PUT /api/v2/posts/:id/": AUTHOR,
  "PATCH /api/v2/posts/:id/": AUTHOR,
  "DELETE /api/v2/posts/:id/": SESSION,
  "GET /api/v2/posts/:postId/comments/": PUBLIC,
  "POST /api/v2/posts/:postId/comments/": AUTHOR,
  "GET /api/v2/posts/:postId/comments/:id/": PUBLIC,
  "PUT /api/v2/posts/:postId/comments/:id/": AUTHOR,
  "PATCH /api/v2/posts/:postId/comments/:id/": AUTHOR,
  "DELETE /api/v2/posts/:postId/comments/:id/": SESSION,
  "GET /api/v2/notifications/": SESSION,
  "POST /api/v2/notifications/": ADMIN,
  "GET /api/v2/notifications/:id/": SESSION,
  "DELETE /api/v2/notifications/:id/": SESSION,
  "GET /api/v2/users/": ADMIN,
  "POST /api/v2/users/": PUBLIC,
  "GET /api/v2/users/:id/": SESSION,
  "PUT /api/v2/users/:id/": SESSION,
  "PATCH /api/v2/users/:id/": SESSION,
  "DELETE /api/v2/users/:id/": ADMIN,
  "DELETE /api/v2/me/": SESSION,
  "GET /api/v2/me/export/": SESSION,
  "GET /api/v2/tags/": PUBLIC,
  "GET /api/v2/admin/dashboard/": MODERATOR,
  "GET /api/v2/admin/audit/": MODERATOR,
  "GET /api/v2/admin/users/:id/sessions/": ADMIN,
  "DELETE /api/v2/admin/users/:id/sessions/:sessionId/": ADMIN,
  "GET /api/v2/admin/mail/": ADMIN,
  "GET /api/v2/admin/users/:id/comments/": ADMIN,
  "POST /api/v2/admin/mail/:id/retry/": ADMIN,

  // The API's description and its interactive reference page.
  "GET /api/openapi.json": PUBLIC,
  "GET /api/docs": PUBLIC,
  "GET /api/docs/start.js": PUBLIC,
  "GET /api/docs/swagger-ui-bundle.js": PUBLIC,
  "GET /api/docs/swagger-ui.css": PUBLIC,
};

export interface Route {
  readonly line: string;
  readonly method: string;
  readonly path: string;
  readonly access: Access | undefined;
}

/** The route table of the app the test file runs. */
export function servedRoutes(t: TestApp): Route[] {
  return routeTableOf(t.app).map((line) => {
    const [method, path] = line.split(" ") as [string, string];
    return { line, method, path, access: ROUTE_ACCESS[line] };
  });
}

/** A concrete path: each `:param` from `params` (else `fallback`), the `*` wildcard as `wildcard`. */
export function fillPath(
  path: string,
  params: Readonly<Record<string, string>> = {},
  fallback = unknownId,
  wildcard = "ok",
): string {
  return path
    .replace(/:([A-Za-z_$][\w$]*)/g, (_match, name: string) => params[name] ?? fallback)
    .replace("*", wildcard);
}

/** The methods a route line answers: ALL stands for the usual ones. */
export function methodsOf(route: Pick<Route, "method">): string[] {
  return route.method === "ALL" ? ["GET", "POST", "PUT", "PATCH", "DELETE"] : [route.method];
}

export const isPublic = (route: Route) => route.access?.kind === "public";
export const roleRoutes = (routes: Route[]) => routes.filter((route) => route.access?.kind === "roles");
