import { Router } from "express";
import { auditRoutes } from "../audit/v1-routes.js";
import type { AppDeps } from "../deps.js";
import { mountRoutes, type RouteGroup } from "../http/route.js";
import { postsV1Routes } from "../posts/v1-routes.js";
import { usersV1Routes } from "../users/v1-routes.js";

/** The v1 routes under `/api`, answering `{error, code?}`. */
export const v1Routes: RouteGroup = {
  family: "v1",
  base: "/api",
  routes: [...usersV1Routes, ...postsV1Routes, ...auditRoutes],
};

export function v1Router(deps: AppDeps): Router {
  return mountRoutes(Router(), v1Routes.routes, deps);
}
