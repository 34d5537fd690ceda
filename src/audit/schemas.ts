import * as z from "zod";
import { timestamp } from "../http/wire.js";

export const auditEntryJson = z
  .object({
    id: z.uuid(),
    actorId: z
      .uuid()
      .nullable()
      .meta({ description: "Kept after the actor's account is deleted; null for the operator CLI" }),
    actorEmail: z.string().nullable().meta({ description: "The actor's email when the entry was written" }),
    action: z.string(),
    targetId: z.string().nullable(),
    method: z.string().nullable(),
    path: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "AuditEntry" });
