import { route, type RouteGroup } from "./route.js";
import { statusJson } from "./wire.js";

/**
 * `/health`: the process answers. The orchestrator calls it every few seconds and it carries no
 * data, so it is answered ahead of everything but the cross-origin check: no request log line
 * (a probe every few seconds would drown the log), no rate limit, no request id (nothing is logged for it
 * to name) and, of the security headers, only the two that apply to any JSON answer. The others
 * guard documents, frames and referrers; sending them cost `/health` a quarter of its throughput
 * against bare Express.
 */
export const livenessRoutes: RouteGroup = {
  family: "v1",
  base: "",
  aheadOfStack: true,
  routes: [
    route({
      method: "get",
      path: "/health",
      tag: "Probes",
      summary: "The process answers",
      access: "anyone",
      successes: { 200: { description: "Running", schema: statusJson } },
      handler: ({ res }) => {
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.json({ status: "ok" });
      },
    }),
  ],
};

/** Whether the instance wants new requests: false once it is shutting down. */
export class Readiness {
  #stopping = false;

  get stopping(): boolean {
    return this.#stopping;
  }

  stop(): void {
    this.#stopping = true;
  }
}
