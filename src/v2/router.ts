import { Router } from "express";
import type { AppDeps } from "../app.js";
import { commentsRouter } from "../comments/router.js";
import { type CursorPaginator, cursorPaginator } from "../http/pagination.js";
import { notificationsRouter } from "../notifications/router.js";
import { postsV2Router } from "../posts/v2-router.js";
import { tagsV2Router } from "../tags/router.js";
import { usersV2Router } from "../users/v2-router.js";

/** What a v2 router is built from: the app's dependencies and the one cursor signer every cursor list shares. */
export interface V2Deps extends AppDeps {
  cursorPage: CursorPaginator;
}

/**
 * `/api/v2`: the specification's DRF-style conventions over the same services as v1. Routes are
 * declared with a trailing slash; Express's non-strict routing serves the path without it the
 * same (no redirect, which would lose a POST's body).
 */
export function v2Router(deps: AppDeps): Router {
  const v2: V2Deps = { ...deps, cursorPage: cursorPaginator(deps.config.authSecret) };
  const router = Router();
  router.use(postsV2Router(v2));
  router.use(commentsRouter(v2));
  router.use(notificationsRouter(v2));
  router.use(usersV2Router(v2));
  router.use(tagsV2Router(v2));
  return router;
}
