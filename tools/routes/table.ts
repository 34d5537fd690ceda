import { METHODS } from "node:http";
import type { Express } from "express";
import { createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { openServices } from "../../src/services.js";

// The parts of router@2's Layer and Route that the table reads (Express 5 does not type them).
interface RouteLike {
  path: unknown;
  methods: Record<string, boolean | undefined>;
}
interface LayerLike {
  name?: string;
  rawPath?: unknown;
  route?: RouteLike;
  handle?: unknown;
}

// `app.all()` registers every method Express knows, one by one; the table shows it as one ALL line.
const EVERY_METHOD = METHODS.map((method) => method.toLowerCase());

/**
 * The app's route table: one `METHOD path` line per served route, sorted by code unit (as
 * `LC_ALL=C sort` sorts), without repeats. Read from the router stack itself, nested routers
 * included, so a route added in code shows up here. Middleware (not-found, error handler, body
 * parser) handles requests but declares no route, so it is not listed. The stack cannot tell a
 * handler that answers from one that only calls next(): pass-through middleware registered with a
 * method (`router.post(path, limiter)`) is listed, so register it with `use` instead.
 */
export function routeTableOf(app: Express): string[] {
  const lines = new Set<string>();
  collectRoutes(stackOf((app as unknown as { router: unknown }).router) ?? [], "", lines);
  return [...lines].sort();
}

function collectRoutes(stack: readonly LayerLike[], prefix: string, lines: Set<string>): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of pathsOf(layer.route.path)) {
        for (const method of methodsOf(layer.route)) lines.add(`${method} ${joinPaths(prefix, path)}`);
      }
      continue;
    }
    // Express wraps a mounted sub-app in a closure that hides its routes: refuse rather than miss them.
    if (layer.name === "mounted_app")
      throw new Error(`A sub-app mounted at ${String(layer.rawPath)} hides its routes: mount a Router instead`);
    const nested = stackOf(layer.handle);
    if (!nested) continue;
    for (const mount of pathsOf(layer.rawPath ?? "/"))
      collectRoutes(nested, mount === "/" ? prefix : joinPaths(prefix, mount), lines);
  }
}

function stackOf(handle: unknown): LayerLike[] | undefined {
  if (handle === null || (typeof handle !== "function" && typeof handle !== "object")) return undefined;
  const stack = (handle as { stack?: unknown }).stack;
  return Array.isArray(stack) ? stack : undefined;
}

function methodsOf(route: RouteLike): string[] {
  if (route.methods._all || EVERY_METHOD.every((method) => route.methods[method])) return ["ALL"];
  return Object.keys(route.methods)
    .filter((method) => route.methods[method])
    .map((method) => method.toUpperCase());
}

function pathsOf(path: unknown): string[] {
  if (Array.isArray(path)) return path.flatMap(pathsOf);
  return [String(path)];
}

// Paths are shown as written; only a wildcard's name (`*splat`) is dropped, since it is internal to
// the handler and clients read `/api/auth/*` as "everything under /api/auth/".
function joinPaths(prefix: string, path: string): string {
  const joined = prefix.endsWith("/") && path.startsWith("/") ? prefix + path.slice(1) : prefix + path;
  return joined.replace(/\*[A-Za-z_$][\w$]*/g, "*");
}

/**
 * Builds the app the way the tests do (in-memory database, test configuration) and reads its table.
 * The configuration is fixed so the table does not depend on the machine's environment or `.env`.
 */
export async function servedRouteTable(): Promise<string[]> {
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: "pglite:memory", LOG_LEVEL: "error" });
  const services = await openServices(config, createLogger(config));
  try {
    return routeTableOf(createApp(services));
  } finally {
    await services.database.close();
  }
}
