import type { RequestHandler } from "express";
import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { notifications as notificationsTable } from "../db/schema.js";
import { streamWithAdminKey } from "../http/errors.js";
import { cursor } from "../http/lists/cursor.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams, visibleText } from "../http/validate.js";
import { notificationJson } from "./schemas.js";
import * as notifications from "./service.js";
import { wantsEventStream } from "./streams.js";

const tag: Tag = "Notifications";
const notificationsList = cursor({
  pageSize: 10,
  columns: { createdAt: notificationsTable.createdAt, id: notificationsTable.id },
});

const notificationBody = z.object({
  userId: z.uuid(),
  message: visibleText().min(1).max(1000).meta({ example: "Your post was featured." }),
});

// Each event's id is the notification's id and its stream position, so `Last-Event-ID` replays
// what was missed even after that notification was deleted; its data is the list's JSON object.
const eventStream = z.string().meta({
  description:
    "id: <notification id>.<stream position>\nevent: notification\ndata: <the notification's JSON>\n\n; a comment line every 25 s",
});

// The development adminKey elevates one request; a stream would keep its rights for as long as it
// stays open, so it is refused before any elevation.
const noAdminKeyOnStreams: RequestHandler = (req, _res, next) => {
  if (wantsEventStream(req) && req.query.adminKey !== undefined) throw streamWithAdminKey();
  next();
};

/** /api/v2/notifications: each user lists, reads and deletes only their own; roleGates.sendNotification says who sends one. */
export const notificationsRoutes: Route[] = [
  // With `Accept: text/event-stream` (an EventSource), the live stream instead of the list.
  route({
    method: "get",
    path: "/notifications/",
    tag,
    summary: `Your notifications (${notificationsList.label}), or with Accept: text/event-stream their live stream`,
    access: "session",
    list: notificationsList,
    before: [noAdminKeyOnStreams],
    successes: {
      200: {
        description: "A page of notifications",
        schema: notificationsList.envelope(notificationJson, "NotificationPage"),
        negotiated: { "text/event-stream": eventStream },
      },
    },
    handler: async ({ req, res }, { db, cursors, streams }) => {
      if (wantsEventStream(req)) return streams.open(req, res);
      const userId = actorOf(req).id;
      res.json(
        await notificationsList.answer(req, cursors, (page) => notifications.listOwnNotifications(db, userId, page)),
      );
    },
  }),
  route({
    method: "post",
    path: "/notifications/",
    tag,
    summary: "Send a user a notification",
    access: roleGates.sendNotification,
    body: notificationBody,
    successes: { 201: { description: "Sent", schema: notificationJson } },
    handler: async ({ req, res, input }, { db, logger }) => {
      const notification = await notifications.sendAdminNotification(db, input.body, (sent) =>
        requestAudit(req, "notification.send", sent.userId, { notificationId: sent.id, message: sent.message }),
      );
      logger.info("Notification sent", {
        senderId: actorOf(req).id,
        userId: notification.userId,
        notificationId: notification.id,
      });
      res.status(201).json(notification);
    },
  }),
  route({
    method: "get",
    path: "/notifications/:id/",
    tag,
    summary: "Read one of your notifications",
    access: "session",
    params: idParams,
    successes: { 200: { description: "The notification", schema: notificationJson } },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      res.json(await notifications.findOwnNotification(db, input.params.id, actorOf(req).id));
    },
  }),
  route({
    method: "delete",
    path: "/notifications/:id/",
    tag,
    summary: "Delete one of your notifications",
    access: "session",
    params: idParams,
    successes: { 204: { description: "Deleted" } },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      await notifications.deleteOwnNotification(db, input.params.id, actorOf(req).id);
      res.status(204).end();
    },
  }),
];
