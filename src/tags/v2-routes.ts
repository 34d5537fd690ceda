import * as z from "zod";
import { type Route, route } from "../http/route.js";
import { text } from "../http/validate.js";
import { tagJson } from "./schemas.js";
import { TAG_MAX_LENGTH } from "../posts/schemas.js";
import { listTags, TAGS_LISTED } from "./service.js";

const tagsQuery = z.object({ search: text().max(TAG_MAX_LENGTH).optional() });

/**
 * /api/v2/tags: not paginated (the list is short and read whole), a plain JSON array of at most
 * TAGS_LISTED tags. It counts public, visible posts only, so it is the same for every reader: no
 * session is read, and no reader learns a tag that only private or hidden posts carry.
 */
export const tagsRoutes: Route[] = [
  route({
    method: "get",
    path: "/tags/",
    tag: "Tags",
    summary: `The ${TAGS_LISTED} most used tags of public, visible posts (not paginated)`,
    description: "`search` keeps the tags that start with it (case-insensitive).",
    access: "anyone",
    query: tagsQuery,
    successes: { 200: { description: "Tags with their post counts", schema: z.array(tagJson) } },
    handler: async ({ res, input }, { db }) => {
      res.json(await listTags(db, input.query.search));
    },
  }),
];
