import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { roleGates } from "../auth/policy.js";
import { limitOffset } from "../http/lists/limit-offset.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams, text } from "../http/validate.js";
import {
  auditTrailEntryJson,
  dashboardJson,
  MAIL_STATUSES,
  queuedMailJson,
  userCommentJson,
  userSessionJson,
} from "./schemas.js";
import * as admin from "./service.js";

const tag: Tag = "Administration";
const auditList = limitOffset({ defaultSize: 20, maxSize: 100 });

const auditQuery = z.object({
  actor: z.uuid().optional().meta({ description: "The id of the user who acted" }),
  action: text().max(100).optional().meta({ description: "e.g. user.set_roles, post.moderate" }),
  from: z.iso.datetime({ offset: true }).optional().meta({ description: "Entries at or after this instant" }),
  to: z.iso.datetime({ offset: true }).optional().meta({ description: "Entries before this instant" }),
});

const mailList = limitOffset({ defaultSize: 20, maxSize: 100 });
const mailQuery = z.object({
  status: z
    .enum(MAIL_STATUSES)
    .optional()
    .meta({ description: "Only waiting or only failed messages; both when absent" }),
});

const commentList = limitOffset({ defaultSize: 20, maxSize: 100 });

const sessionParams = idParams.extend({ sessionId: z.uuid() });

/** /api/v2/admin: what the admin console needs beyond the resources' own routes; curl can use each. */
export const adminRoutes: Route[] = [
  route({
    method: "get",
    path: "/admin/dashboard/",
    tag,
    summary: "Counts for the console's dashboard",
    description:
      "Users by role (a user with two roles counts in both), posts by status, comments since midnight (the database's time zone), mail waiting or given up.",
    access: roleGates.readDashboard,
    successes: { 200: { description: "The counts", schema: dashboardJson } },
    handler: async ({ res }, { db }) => {
      res.json(await admin.dashboardCounts(db));
    },
  }),
  route({
    method: "get",
    path: "/admin/audit/",
    tag,
    summary: `The audit trail, newest first, filtered (${auditList.label})`,
    description: "Each entry names its actor and, when the target is a user, the target by name and email.",
    access: roleGates.readAuditTrail,
    query: auditQuery,
    list: auditList,
    successes: {
      200: { description: "A window of entries", schema: auditList.envelope(auditTrailEntryJson, "AuditTrailPage") },
    },
    handler: async ({ req, res, input }, { db }) => {
      res.json(await auditList.answer(req, (window) => admin.searchAudit(db, input.query, window)));
    },
  }),
  route({
    method: "get",
    path: "/admin/users/:id/sessions/",
    tag,
    summary: "A user's open sessions",
    access: roleGates.manageSessions,
    params: idParams,
    successes: { 200: { description: "The sessions, newest first", schema: z.array(userSessionJson) } },
    errors: [404],
    handler: async ({ res, input }, { db }) => {
      res.json(await admin.listUserSessions(db, input.params.id));
    },
  }),
  route({
    method: "delete",
    path: "/admin/users/:id/sessions/:sessionId/",
    tag,
    summary: "Revoke one of a user's sessions (its next request is signed out; audited)",
    access: roleGates.manageSessions,
    params: sessionParams,
    successes: { 204: { description: "Revoked" } },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      const { id, sessionId } = input.params;
      await admin.revokeUserSession(db, id, sessionId, () =>
        requestAudit(req, "user.revoke_session", id, { sessionId }),
      );
      res.status(204).end();
    },
  }),
  route({
    method: "get",
    path: "/admin/mail/",
    tag,
    summary: `The mail outbox's waiting and failed messages, newest first (${mailList.label})`,
    description:
      "Recipient, kind and subject, attempts, the last error and times; never the message's text, its link or its Message-ID.",
    access: roleGates.manageMail,
    query: mailQuery,
    list: mailList,
    successes: {
      200: { description: "A window of messages", schema: mailList.envelope(queuedMailJson, "QueuedMailPage") },
    },
    handler: async ({ req, res, input }, { db }) => {
      res.json(await mailList.answer(req, (window) => admin.listMail(db, input.query.status, window)));
    },
  }),
  route({
    method: "post",
    path: "/admin/mail/:id/retry/",
    tag,
    summary: "Queue a failed message again (audited)",
    description:
      "Due at once; its attempts keep counting. 409 when the message has not failed, or when its link expired or its values were dropped (the user then asks for a new one).",
    access: roleGates.manageMail,
    params: idParams,
    successes: { 204: { description: "Queued again" } },
    errors: [404, 409],
    handler: async ({ req, res, input }, { db, mailer }) => {
      const { id } = input.params;
      await admin.retryMail(db, id, (mail) => requestAudit(req, "mail.retry", mail.id, { kind: mail.kind }));
      mailer.wake();
      res.status(204).end();
    },
  }),
  route({
    method: "get",
    path: "/admin/users/:id/comments/",
    tag,
    summary: `A user's comments, newest first, on any post (${commentList.label})`,
    description: "Each with its post's title, hidden and private posts included: the console's user page.",
    access: roleGates.readUserActivity,
    params: idParams,
    list: commentList,
    successes: {
      200: { description: "A window of comments", schema: commentList.envelope(userCommentJson, "UserCommentPage") },
    },
    errors: [404],
    handler: async ({ req, res, input }, { db }) => {
      res.json(await commentList.answer(req, (window) => admin.listUserComments(db, input.params.id, window)));
    },
  }),
];
