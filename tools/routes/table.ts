import { METHODS } from "node:http";
import type { Express } from "express";
import { createApp } from "../../src/app.js";
import { forEachRoute, type RouteLike } from "../../src/http/route-walk.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { openServices } from "../../src/services.js";

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
  forEachRoute(app, (route, path) => {
    for (const method of methodsOf(route)) lines.add(`${method} ${path}`);
  });
  return [...lines].sort();
}

function methodsOf(route: RouteLike): string[] {
  if (route.methods._all || EVERY_METHOD.every((method) => route.methods[method])) return ["ALL"];
  return Object.keys(route.methods)
    .filter((method) => route.methods[method])
    .map((method) => method.toUpperCase());
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
