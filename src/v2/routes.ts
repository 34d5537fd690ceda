import { accountRoutes } from "../account/v2-routes.js";
import { adminRoutes } from "../admin/v2-routes.js";
import { commentsRoutes } from "../comments/v2-routes.js";
import type { RouteGroup } from "../http/route.js";
import { notificationsRoutes } from "../notifications/v2-routes.js";
import { postsV2Routes } from "../posts/v2-routes.js";
import { tagsRoutes } from "../tags/v2-routes.js";
import { usersV2Routes } from "../users/v2-routes.js";

/**
 * `/api/v2`: Django REST framework's conventions over the same services as v1. Routes are
 * declared with a trailing slash; Express's non-strict routing serves the path without it the
 * same (no redirect, which would lose a POST's body). A path served with another method is a 405,
 * and a write whose body is not JSON a 415, as in Django REST framework.
 */
export const v2Routes: RouteGroup = {
  family: "v2",
  base: "/api/v2",
  routes: [
    ...postsV2Routes,
    ...commentsRoutes,
    ...usersV2Routes,
    ...notificationsRoutes,
    ...tagsRoutes,
    ...adminRoutes,
    ...accountRoutes,
  ],
  jsonBodiesOnly: true,
  otherMethodsNotAllowed: true,
};
