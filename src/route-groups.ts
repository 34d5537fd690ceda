import { probeRoutes } from "./http/ready.js";
import type { RouteGroup } from "./http/route.js";
import { documentationRoutes } from "./openapi/router.js";
import { v1Routes } from "./v1/routes.js";
import { v2Routes } from "./v2/routes.js";

/**
 * Every group of declared routes served behind the shared stack, in the order the app mounts them
 * and the document lists them; the credential limit's routes are read from the same list. The
 * liveness probe (http/health.ts) is served ahead of the stack, apart.
 */
export const ROUTE_GROUPS: readonly RouteGroup[] = [probeRoutes, v1Routes, v2Routes, documentationRoutes];
