import { Router } from "express";
import type { AppDeps } from "../deps.js";
import { roleGates } from "../auth/policy.js";
import { limitOffsetQuery, validate } from "../http/validate.js";
import { listAudit } from "./service.js";

const list = validate({ query: limitOffsetQuery });

/** The audit log for administrators, mounted at /api. */
export function auditRouter({ db, guards }: AppDeps): Router {
  const router = Router();
  router.get("/admin/audit", guards.requireAuth(...roleGates.readAudit), list, async (_req, res) => {
    const page = list.input(res).query;
    res.json({ entries: await listAudit(db, page), ...page });
  });
  return router;
}
