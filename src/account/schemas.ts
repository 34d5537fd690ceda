import * as z from "zod";
import { auditEntryJson } from "../audit/schemas.js";
import { commentJson } from "../comments/schemas.js";
import { timestamp } from "../http/wire.js";
import { notificationJson } from "../notifications/schemas.js";
import { postJson } from "../posts/schemas.js";
import { PASSWORD_MAX_LENGTH } from "../auth/password-rule.js";
import { ownUserJson } from "../users/schemas.js";

export const deleteOwnAccountBody = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).meta({ description: "The account's password, entered again" }),
});

/** GET /api/v2/me/export/: everything the service holds about the requestor, no hash, token or secret. */
export const accountExportJson = z
  .object({
    exportedAt: timestamp,
    user: ownUserJson.extend({ image: z.string().nullable() }),
    accounts: z
      .array(
        z.object({
          providerId: z.string().meta({ description: "`credential` (a password) or `oidc`" }),
          accountId: z
            .string()
            .meta({ description: "The account's id at the provider (the user id for `credential`)" }),
          scope: z.string().nullable(),
          createdAt: timestamp,
          updatedAt: timestamp,
        }),
      )
      .meta({ description: "The ways the account signs in; no password hash and no provider token" }),
    sessions: z
      .array(
        z.object({
          id: z.uuid(),
          createdAt: timestamp,
          updatedAt: timestamp,
          expiresAt: timestamp,
          ipAddress: z.string().nullable(),
          userAgent: z.string().nullable(),
          current: z.boolean().meta({ description: "The session this export was asked with" }),
        }),
      )
      .meta({ description: "Open sessions, without their tokens" }),
    twoFactor: z
      .object({ enabled: z.boolean() })
      .meta({ description: "Whether two-factor sign-in is on; the secret and backup codes are never exported" }),
    posts: z.array(postJson).meta({ description: "Oldest first" }),
    comments: z.array(commentJson).meta({ description: "Oldest first" }),
    notifications: z.array(notificationJson).meta({ description: "Oldest first" }),
    audit: z
      .array(auditEntryJson.omit({ actorEmail: true }))
      .meta({ description: "Entries they acted in, or about them, their account or their content; oldest first" }),
  })
  .meta({ id: "AccountExport" });
