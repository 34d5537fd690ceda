import { Router } from "express";
import * as z from "zod";
import { text, validate } from "../http/validate.js";
import type { V2Deps } from "../deps.js";
import { listTags } from "./service.js";

export const tagsQuery = z.object({ search: text().max(50).optional() });

const list = validate({ query: tagsQuery });

/**
 * /api/v2/tags: not paginated (the list is short and read whole), a plain JSON array of
 * at most 100 tags. It counts public, visible posts only, so it is the same for every reader: no
 * session is read, and no reader learns a tag that only private or hidden posts carry.
 */
export function tagsV2Router({ db }: V2Deps): Router {
  const router = Router();
  router.get("/tags/", list, async (_req, res) => {
    res.json(await listTags(db, list.input(res).query.search));
  });
  return router;
}
