import { roleGates } from "../auth/policy.js";
import { validatedLimitOffset } from "../http/lists/limit-offset.js";
import { type Route, route } from "../http/route.js";
import { auditEntryJson } from "./schemas.js";
import { listAudit } from "./service.js";

const entries = validatedLimitOffset({ defaultSize: 20, maxSize: 100 });

/** The audit trail for administrators, under /api. */
export const auditRoutes: Route[] = [
  route({
    method: "get",
    path: "/admin/audit",
    tag: "Users (v1)",
    summary: "The audit trail, newest first",
    access: roleGates.readAudit,
    query: entries.query,
    successes: { 200: { description: "Entries", schema: entries.envelope("entries", auditEntryJson) } },
    handler: async ({ res, input }, { db }) => {
      const page = input.query;
      res.json({ entries: await listAudit(db, page), ...page });
    },
  }),
];
