import { requestAudit } from "../audit/service.js";
import { authorize } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { responses } from "../http/errors.js";
import { keyedRateLimit } from "../http/rate-limit.js";
import { type Route, route, type Tag } from "../http/route.js";
import { ClientGone, StreamedBody } from "../http/streamed-json.js";
import { exportAccount } from "./export.js";
import { accountExportJson, deleteOwnAccountBody } from "./schemas.js";
import { deleteOwnAccount } from "./service.js";

const tag: Tag = "Your account";

/** Exports a user may ask for: each reads everything they have, so a few an hour, on every instance together. */
export const EXPORTS_PER_HOUR = 3;

/** /api/v2/me: the requestor's own account, deleted or exported whole. */
export const accountRoutes: Route[] = [
  route({
    method: "delete",
    path: "/me/",
    tag,
    summary: "Delete your own account",
    description:
      "Confirmed with the account's password in a JSON body. Deletes the account with its sessions (signed out on every instance at once, live streams end), posts (and every comment under them), comments and notifications, as an ADMIN's deletion does; the audit trail keeps an entry with the id only. 400 invalid_password; 409 last_admin_protection for an ADMIN (another ADMIN must remove the role first); 409 password_not_set for an account that signs in only through the identity provider; 403 while impersonating. Rate-limited like sign-in.",
    access: "session",
    credentialLimit: true,
    body: deleteOwnAccountBody,
    successes: { 204: { description: "Deleted; the session cookie no longer signs anyone in" } },
    errors: [400, 403, 409],
    handler: async ({ req, res, input }, { db, auth }) => {
      const actor = actorOf(req);
      // Only the owner knows the password; an ADMIN deletes someone else's account through /users/.
      if (actor.impersonatedBy) throw responses.forbidden();
      authorize(actor, "user.deleteOwn", { id: actor.id, roles: actor.roles });
      await deleteOwnAccount(db, auth, actor.id, input.body.password, () =>
        requestAudit(req, "user.delete", actor.id, { ownAccount: true }),
      );
      res.status(204).end();
    },
  }),
  route({
    method: "get",
    path: "/me/export/",
    tag,
    summary: "Export everything the service holds about you",
    description: `One JSON document, sent as a download (Content-Disposition: attachment) and written as it is read: profile, roles, sign-in methods (provider ids, no tokens), sessions (no tokens), whether two-factor is on, posts, comments, notifications and the audit entries by or about you. No password hash, token or secret. ${EXPORTS_PER_HOUR} per hour per user across every instance (429 rate_limited with Retry-After). A failure after the answer started cuts the connection: a download that does not parse as JSON is incomplete.`,
    access: "session",
    afterGuard: ({ config, logger, rateLimitStores, metrics }) => [
      keyedRateLimit(
        { config, logger, stores: rateLimitStores, onRefused: metrics?.rateLimitRefused },
        {
          name: "export",
          limit: EXPORTS_PER_HOUR,
          windowMs: 60 * 60_000,
          // Impersonating or not, the allowance spent is the real user's: an export reads the acting user's data.
          keyOf: (req) => actorOf(req).id,
        },
      ),
    ],
    successes: { 200: { description: "Everything about you", schema: accountExportJson } },
    errors: [429],
    handler: async ({ req, res }, { db, logger }) => {
      const actor = actorOf(req);
      const pieces = exportAccount(db, actor.id, actor.session.id);
      // The first piece is read before the answer starts: a failure there is an ordinary error answer.
      let next = await pieces.next();
      res.status(200);
      res.attachment(`account-export-${actor.id}.json`);
      res.setHeader("Cache-Control", "no-store");
      const body = new StreamedBody(res);
      try {
        while (!next.done) {
          await body.write(next.value);
          next = await pieces.next();
        }
        body.end();
      } catch (error) {
        if (!(error instanceof ClientGone)) throw error;
        logger.debug("Account export: the client left before the end", { userId: actor.id });
      } finally {
        await pieces.return(undefined);
      }
    },
  }),
];
