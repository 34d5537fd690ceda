import { Router } from "express";
import type { Database } from "../db/client.js";
import { serviceUnavailable } from "./errors.js";

/** `/health`: the process answers. `/ready`: the database answers too, so traffic may be sent. */
export function healthRouter(database: Database): Router {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
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
