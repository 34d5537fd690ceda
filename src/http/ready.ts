import * as z from "zod";
import { serviceUnavailable } from "./errors.js";
import { livenessRoutes } from "./health.js";
import { route, type RouteGroup } from "./route.js";
import { statusJson } from "./wire.js";

// Under one WAL segment (16 MB) free, the embedded database's next segment may not fit: writes
// would soon fail for want of space, so the instance says it is not ready before they do.
const MIN_FREE_DISK_BYTES = 16 * 1024 * 1024;

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
      handler: async ({ res }, { database, readiness, logger }) => {
        if (readiness.stopping) throw serviceUnavailable();
        try {
          await database.ping();
        } catch {
          throw serviceUnavailable();
        }
        const freeBytes = await database.freeDiskBytes();
        if (freeBytes !== undefined && freeBytes < MIN_FREE_DISK_BYTES) {
          logger.warn("Not ready: the embedded database's disk is nearly full", {
            reason: "disk_full",
            freeBytes,
            minFreeBytes: MIN_FREE_DISK_BYTES,
          });
          throw serviceUnavailable();
        }
        const replicas = database.replicaStatuses();
        res.json(replicas.length > 0 ? { status: "ready", replicas } : { status: "ready" });
      },
    }),
  ],
};

/** The probes' paths: an orchestrator must never be refused them, or a busy instance would be restarted. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(
  [...livenessRoutes.routes, ...probeRoutes.routes].map(({ path }) => path),
);
