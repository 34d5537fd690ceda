import { Router } from "express";
import { optionalActorOf } from "../auth/request-context.js";
import type { V2Deps } from "../v2/router.js";
import { countVisibleTags } from "./service.js";

/** /api/v2/tags: pagination disabled (the specification allows it per route), a plain JSON array. */
export function tagsV2Router({ db, guards }: V2Deps): Router {
  const router = Router();
  router.get("/tags/", guards.optionalAuth, async (req, res) => {
    res.json(await countVisibleTags(db, optionalActorOf(req)));
  });
  return router;
}
