import { type Request, type RequestHandler, type Response, Router } from "express";
import type * as z from "zod";
import type { Role } from "../roles.js";
import { jsonWritesOnly, methodsNotAllowed } from "./conventions.js";
import type { LimitedRoute } from "./rate-limit.js";
import { type RequestSchemas, validate } from "./validate.js";

// A route is declared once: this module mounts the declaration on a router (guard, validation,
// handler, in that order) and openapi/operations.ts makes its OpenAPI operation from the same
// object, as hono's createRoute and fastify's route schema do.

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** The document's sections, in its order: every operation names one (openapi/document.ts describes each). */
export const TAGS = [
  "Sessions (better-auth)",
  "Users (v1)",
  "Posts (v1)",
  "Posts",
  "Comments",
  "Users",
  "Notifications",
  "Tags",
  "Your account",
  "Administration",
  "Probes",
  "Documentation",
] as const;
export type Tag = (typeof TAGS)[number];

/** The session checks a route's access is made of. */
export interface RouteGuards {
  optionalAuth: RequestHandler;
  requireAuth(...roles: Role[]): RequestHandler;
}

/**
 * What a route's handler is given: the app declares its parts into this interface (deps.ts), so
 * the route machinery depends on none of them; mounting itself reads only the guards.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declared by the app, see above
export interface HandlerDeps {}

type MountDeps = HandlerDeps & { guards: RouteGuards };

/** The error body family of a group of routes: v1's `{error, code?}` or v2's `{detail}`. */
export type RouteFamily = "v1" | "v2";

/**
 * Who may call a route: anyone (no session read), anyone with the answer personalised when a
 * session is sent, any session, or a session holding one of the roles (ADMIN passes every role
 * check). Decides the guard, the security requirement, the errors it may answer and the access text.
 */
export type Access = "anyone" | "optional-session" | "session" | readonly Role[];

export interface Success {
  description: string;
  schema?: z.ZodType;
  /** The body's media type when it is not JSON (`text/html`). */
  mediaType?: string;
  /** The same answer in other media types, chosen by the request's Accept header (the handler negotiates). */
  negotiated?: Record<string, z.ZodType>;
}

/** A list style read leniently by its handler: the document shows its window's parameters. */
export interface ListStyle {
  label: string;
  query: z.ZodObject;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type Part = z.ZodType | undefined;
type ObjectPart = z.ZodObject | undefined;

export interface RouteCall<P extends ObjectPart, Q extends ObjectPart, B extends Part> {
  req: Request;
  res: Response;
  /** What validation returned, with zod's coercions and defaults. */
  input: { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> };
}

export interface RouteDeclaration<
  P extends ObjectPart = ObjectPart,
  Q extends ObjectPart = ObjectPart,
  B extends Part = Part,
> {
  method: Method;
  /** As Express writes it, under the group's base (`/posts/:id/`); the document writes `{id}`. */
  path: string;
  tag: Tag;
  summary: string;
  /** Said after the access text the document makes from `access`. */
  description?: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  list?: ListStyle;
  successes: Record<number, Success>;
  /**
   * Counted under the credential limit (RATE_LIMIT_AUTH) instead of the global one: it checks a
   * password or costs a password hash, so a guess is worth most here. Only for paths without
   * parameters (the app refuses to start with one).
   */
  credentialLimit?: true;
  /** Error statuses of the route itself, beyond what its access implies and every route may answer. */
  errors?: number[];
  /** Checks that run ahead of the guard, so they hold before any session is read or privilege granted. */
  before?: RequestHandler[];
  /**
   * Steps between the guard and validation, made once when the route is mounted from the app's
   * parts: a limit counted per signed-in user, say.
   */
  afterGuard?: (deps: HandlerDeps) => RequestHandler[];
  handler(call: RouteCall<P, Q, B>, deps: HandlerDeps): Promise<void> | void;
}

/** A declaration with its input types erased, as a group holds it. */
export type Route = RouteDeclaration<ObjectPart, ObjectPart, Part>;

/** Declares a route, typing its handler's input from its schemas. */
export function route<P extends ObjectPart = undefined, Q extends ObjectPart = undefined, B extends Part = undefined>(
  declaration: RouteDeclaration<P, Q, B>,
): Route {
  return declaration;
}

/** Routes mounted together under one base, answering one family's error bodies. */
export interface RouteGroup {
  family: RouteFamily;
  base: string;
  routes: readonly Route[];
  /** A write whose body is not JSON is refused 415 before anything reads it (else it is read as no body). */
  jsonBodiesOnly?: boolean;
  /**
   * A path the group's routes serve, asked with another method, is 405 with an `Allow` header
   * naming the methods declared on it (else it goes on to the unknown-endpoint 404).
   */
  otherMethodsNotAllowed?: boolean;
  /**
   * Answered ahead of the shared stack (no body, rate limit or database): none of the errors every
   * other route may meet.
   */
  aheadOfStack?: boolean;
}

/** The group's routes under the credential limit, with their full paths, as the limiter matches them. */
export function credentialRoutesOf(group: RouteGroup): LimitedRoute[] {
  return group.routes
    .filter((declared) => declared.credentialLimit)
    .map((declared) => {
      // The limiter compares whole paths: a parameter would match only its own name, never a request.
      if (declared.path.includes(":"))
        throw new Error(`${declared.path}: a route under the credential limit cannot have path parameters`);
      return { method: declared.method.toUpperCase(), path: `${group.base}${declared.path}` };
    });
}

/** The group's routes on a router of their own, with the group's conventions around them. */
export function mountGroup(group: RouteGroup, deps: MountDeps): Router {
  const router = Router();
  if (group.jsonBodiesOnly) router.use(jsonWritesOnly);
  mountRoutes(router, group.routes, deps);
  if (group.otherMethodsNotAllowed) router.use(methodsNotAllowed(group.routes));
  return router;
}

/** Mounts each route on `router`: the checks ahead of the guard, the guard, validation, then the handler. */
function mountRoutes(router: Router, routes: readonly Route[], deps: MountDeps): void {
  for (const declared of routes) {
    const validator = validatorOf(declared);
    const steps = [
      ...(declared.before ?? []),
      ...guardOf(declared.access, deps.guards),
      ...(declared.afterGuard?.(deps) ?? []),
      ...(validator ? [validator] : []),
    ];
    router[declared.method](declared.path, ...steps, async (req: Request, res: Response) => {
      const input = (validator?.input(res) ?? {}) as RouteCall<ObjectPart, ObjectPart, Part>["input"];
      await declared.handler({ req, res, input }, deps);
    });
  }
}

function guardOf(access: Access, guards: RouteGuards): RequestHandler[] {
  if (access === "anyone") return [];
  if (access === "optional-session") return [guards.optionalAuth];
  if (access === "session") return [guards.requireAuth()];
  return [guards.requireAuth(...access)];
}

// Parts are checked in this order, and a failure reports them in it.
function validatorOf({ params, query, body }: Route) {
  const schemas: RequestSchemas = {};
  if (params) schemas.params = params;
  if (query) schemas.query = query;
  if (body) schemas.body = body;
  return Object.keys(schemas).length > 0 ? validate(schemas) : undefined;
}
