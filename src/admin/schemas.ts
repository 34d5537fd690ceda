import * as z from "zod";
import { ROLES } from "../roles.js";

const timestamp = z.iso.datetime({ offset: true });
const tally = z.int().min(0);

export const dashboardJson = z
  .object({
    users: z.object(
      Object.fromEntries(ROLES.map((role) => [role, tally])) as Record<(typeof ROLES)[number], typeof tally>,
    ),
    posts: z.object({ visible: tally, hidden: tally }),
    commentsToday: tally,
    mail: z.object({ pending: tally, failed: tally }),
  })
  .meta({ id: "Dashboard" });

export const userSessionJson = z
  .object({
    id: z.uuid(),
    createdAt: timestamp,
    expiresAt: timestamp,
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "UserSession" });

export const auditTrailEntryJson = z
  .object({
    id: z.uuid(),
    actorId: z.uuid().nullable(),
    actorName: z.string().nullable().meta({ description: "null once the account is deleted" }),
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetId: z.string().nullable(),
    targetName: z.string().nullable().meta({ description: "When the target is a user that still exists" }),
    targetEmail: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "AuditTrailEntry" });
