import { Router } from "express";
import type { AppDeps, V2Deps } from "../deps.js";
import { commentsRouter } from "../comments/v2-router.js";
import { cursorPaginator } from "../http/pagination.js";
import { notificationsRouter } from "../notifications/v2-router.js";
import { postsV2Router } from "../posts/v2-router.js";
import { tagsV2Router } from "../tags/v2-router.js";
import { usersV2Router } from "../users/v2-router.js";
import { jsonWritesOnly, methodsNotAllowed } from "./conventions.js";

/**
 * `/api/v2`: Django REST framework's conventions over the same services as v1. Routes are
 * declared with a trailing slash; Express's non-strict routing serves the path without it the
 * same (no redirect, which would lose a POST's body). A path served with another method is a 405,
 * and a write whose body is not JSON a 415, as in Django REST framework.
 */
export function v2Router(deps: AppDeps): Router {
  const v2: V2Deps = { ...deps, cursorPage: cursorPaginator(deps.config.authSecret) };
  const router = Router();
  router.use(jsonWritesOnly);
  router.use(postsV2Router(v2));
  router.use(commentsRouter(v2));
  router.use(notificationsRouter(v2));
  router.use(usersV2Router(v2));
  router.use(tagsV2Router(v2));
  router.use(methodsNotAllowed(router));
  return router;
}
