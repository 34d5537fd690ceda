import * as z from "zod";
import { serviceUnavailable } from "./errors.js";
import { route, type RouteGroup } from "./route.js";
import { statusJson } from "./wire.js";

/** `/ready`'s body; `replicas` only where read replicas are configured. */
const readyJson = statusJson.extend({
  replicas: z
    .array(
      z.object({
        replica: z.string(),
        inUse: z.boolean(),
        problem: z.string().optional(),
        lagMs: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe(
            "How far its replay was behind the primary at its last check; absent when that check could not tell",
          ),
      }),
    )
    .optional()
    .describe("Each read replica (host:port/database), whether reads go there, if not why, and its lag"),
});

/**
 * `/ready`: the database answers too, so traffic may be sent. Logged like any other request. With
 * read replicas, the body says which are in use and why the others are not; a replica out of use
 * leaves the instance ready, since the primary answers its reads.
 */
export const probeRoutes: RouteGroup = {
  family: "v1",
  base: "",
  routes: [
    route({
      method: "get",
      path: "/ready",
      tag: "Probes",
      summary: "The database answers too",
      access: "anyone",
      successes: { 200: { description: "Ready", schema: readyJson } },
      handler: async ({ res }, { database, readiness }) => {
        if (readiness.stopping) throw serviceUnavailable();
        try {
          await database.ping();
        } catch {
          throw serviceUnavailable();
        }
        const replicas = database.replicaStatuses();
        res.json(replicas.length > 0 ? { status: "ready", replicas } : { status: "ready" });
      },
    }),
  ],
};
