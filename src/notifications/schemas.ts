import * as z from "zod";
import { notificationTypeEnum } from "../db/schema.js";
import { timestamp } from "../http/wire.js";

/** A notification as the routes answer it. */
export const notificationJson = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    type: z.enum(notificationTypeEnum.enumValues),
    message: z.string(),
    postId: z.uuid().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Notification" });
