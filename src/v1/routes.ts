import { auditRoutes } from "../audit/v1-routes.js";
import type { RouteGroup } from "../http/route.js";
import { postsV1Routes } from "../posts/v1-routes.js";
import { usersV1Routes } from "../users/v1-routes.js";

/** The v1 routes under `/api`, answering `{error, code?}`; an unserved method is the unknown-endpoint 404. */
export const v1Routes: RouteGroup = {
  family: "v1",
  base: "/api",
  routes: [...usersV1Routes, ...postsV1Routes, ...auditRoutes],
};
