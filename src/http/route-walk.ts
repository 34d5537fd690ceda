import type { Express } from "express";

// The parts of router@2's Layer and Route that a walk reads (Express 5 does not type them).
export interface RouteLike {
  path: unknown;
  methods: Record<string, boolean | undefined>;
}
interface LayerLike {
  name?: string;
  rawPath?: unknown;
  route?: RouteLike;
  handle?: unknown;
}

/**
 * Calls `visit` with every route of the app, nested routers included, and its full path as written
 * (`/api/posts/:id`; a wildcard's internal name dropped: `/api/auth/*`). A route declared with
 * several paths is visited once per path.
 */
export function forEachRoute(app: Express, visit: (route: RouteLike, path: string) => void): void {
  walk(stackOf((app as unknown as { router: unknown }).router) ?? [], "", visit);
}

function walk(stack: readonly LayerLike[], prefix: string, visit: (route: RouteLike, path: string) => void): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of pathsOf(layer.route.path)) visit(layer.route, joinPaths(prefix, path));
      continue;
    }
    // Express wraps a mounted sub-app in a closure that hides its routes: refuse rather than miss them.
    if (layer.name === "mounted_app")
      throw new Error(`A sub-app mounted at ${String(layer.rawPath)} hides its routes: mount a Router instead`);
    const nested = stackOf(layer.handle);
    if (!nested) continue;
    for (const mount of pathsOf(layer.rawPath ?? "/"))
      walk(nested, mount === "/" ? prefix : joinPaths(prefix, mount), visit);
  }
}

function stackOf(handle: unknown): LayerLike[] | undefined {
  if (handle === null || (typeof handle !== "function" && typeof handle !== "object")) return undefined;
  const stack = (handle as { stack?: unknown }).stack;
  return Array.isArray(stack) ? stack : undefined;
}

function pathsOf(path: unknown): string[] {
  if (Array.isArray(path)) return path.flatMap(pathsOf);
  return [String(path)];
}

// Clients read `/api/auth/*` as "everything under /api/auth/": the wildcard's name is the handler's own.
function joinPaths(prefix: string, path: string): string {
  const joined = prefix.endsWith("/") && path.startsWith("/") ? prefix + path.slice(1) : prefix + path;
  return joined.replace(/\*[A-Za-z_$][\w$]*/g, "*");
}

/**
 * The template a request matched, from the route Express dispatched it to (`req.route`): one of
 * the app's own paths, never the raw URL, so a label or log field made from it takes a bounded set
 * of values. Built on first use, once every route is registered.
 */
export class RouteTemplates {
  private byRoute: Map<unknown, string> | undefined;

  constructor(private readonly app: Express) {}

  /** The matched route's template, or UNMATCHED (a 404, or refused before any route). */
  of(route: unknown): string {
    if (route === undefined) return UNMATCHED;
    if (!this.byRoute) {
      const byRoute = new Map<unknown, string>();
      forEachRoute(this.app, (found, path) => {
        const known = byRoute.get(found);
        byRoute.set(found, known === undefined ? path : `${known},${path}`);
      });
      this.byRoute = byRoute;
    }
    return this.byRoute.get(route) ?? UNMATCHED;
  }
}

/** The route of a request that matched none. */
export const UNMATCHED = "unmatched";
