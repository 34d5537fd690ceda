import { type RequestHandler, Router } from "express";
import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { notifications as notificationsTable } from "../db/schema.js";
import { streamWithAdminKey } from "../http/errors.js";
import { idParams, validate, visibleText } from "../http/validate.js";
import type { V2Deps } from "../deps.js";
import * as notifications from "./service.js";
import { wantsEventStream } from "./streams.js";

const PAGE_SIZE = 10;

export const notificationBody = z.object({
  userId: z.uuid(),
  message: visibleText().min(1).max(1000).meta({ example: "Your post was featured." }),
});

const send = validate({ body: notificationBody });
const byId = validate({ params: idParams });

/** /api/v2/notifications: each user lists, reads and deletes only their own; an ADMIN may send one. */
export function notificationsRouter({ db, guards, logger, cursorPage, streams }: V2Deps): Router {
  const { requireAuth } = guards;
  const router = Router();

  // The development adminKey elevates one request; a stream would keep its rights for as long as it
  // stays open, so it is refused before any elevation.
  const noAdminKeyOnStreams: RequestHandler = (req, _res, next) => {
    if (wantsEventStream(req) && req.query.adminKey !== undefined) throw streamWithAdminKey();
    next();
  };

  // With `Accept: text/event-stream` (an EventSource), the live stream instead of the list.
  router.get("/notifications/", noAdminKeyOnStreams, requireAuth(), async (req, res) => {
    if (wantsEventStream(req)) return streams.open(req, res);
    const userId = actorOf(req).id;
    const columns = { createdAt: notificationsTable.createdAt, id: notificationsTable.id };
    res.json(await cursorPage(req, columns, PAGE_SIZE, (page) => notifications.listOwnNotifications(db, userId, page)));
  });

  router.post("/notifications/", requireAuth(...roleGates.sendNotification), send, async (req, res) => {
    const notification = await notifications.sendAdminNotification(db, send.input(res).body, (sent) =>
      requestAudit(req, "notification.send", sent.userId, { notificationId: sent.id, message: sent.message }),
    );
    logger.info("Notification sent", {
      senderId: actorOf(req).id,
      userId: notification.userId,
      notificationId: notification.id,
    });
    res.status(201).json(notification);
  });

  router.get("/notifications/:id/", requireAuth(), byId, async (req, res) => {
    res.json(await notifications.findOwnNotification(db, byId.input(res).params.id, actorOf(req).id));
  });

  router.delete("/notifications/:id/", requireAuth(), byId, async (req, res) => {
    await notifications.deleteOwnNotification(db, byId.input(res).params.id, actorOf(req).id);
    res.status(204).end();
  });

  return router;
}
