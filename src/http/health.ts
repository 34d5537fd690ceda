import { type RequestHandler, Router } from "express";
import type { Database } from "../db/client.js";
import { serviceUnavailable } from "./errors.js";

/**
 * `/health`: the process answers. Mounted on the app right after the cross-origin check, ahead
 * of request logging (the specification lets it be left out), rate limits and body parsing: the
 * orchestrator calls it every few seconds, and none of those stages has anything to do for it.
 */
export const health: RequestHandler = (_req, res) => {
  res.json({ status: "ok" });
};

/** `/ready`: the database answers too, so traffic may be sent. Logged like any other request. */
export function readinessRouter(database: Database): Router {
  const router = Router();
  router.get("/ready", async (_req, res) => {
    try {
      await database.ping();
    } catch {
      throw serviceUnavailable();
    }
    res.json({ status: "ready" });
  });
  return router;
}
