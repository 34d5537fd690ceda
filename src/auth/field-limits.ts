import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import * as z from "zod";
import { createUserBody } from "../users/schemas.js";

// A profile picture is a link to an image, not the image: http(s) only (no data: or javascript:
// URLs), and no longer than browsers and proxies reliably carry.
const IMAGE_URL_MAX = 2_048;

/**
 * The user fields better-auth's own endpoints write, held to the rules of the service's user
 * routes. Unbounded, they cost memory wherever a user is read: an image of 1 MB was accepted by
 * update-user, and every remembered session carries its user.
 */
const userFields = z.object({
  name: createUserBody.shape.name.optional(),
  email: createUserBody.shape.email.optional(),
  image: z
    .url({ protocol: /^https?$/, error: "Must be an http or https URL" })
    .max(IMAGE_URL_MAX)
    .nullable()
    .optional(),
});

// The endpoints that write user fields, of those the service offers (auth/handler.ts).
const WRITING_USER_FIELDS = new Set(["/sign-up/email", "/update-user"]);

/**
 * Refuses an over-long or malformed name, email or image before better-auth reads the database
 * or hashes a password, with better-auth's own 400 body (`{code, message}`).
 */
export function fieldLimits(): BetterAuthPlugin {
  return {
    id: "field-limits",
    hooks: {
      before: [
        {
          matcher: (context) => WRITING_USER_FIELDS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            // A body that is not an object is better-auth's to refuse.
            if (typeof ctx.body !== "object" || ctx.body === null) return;
            const result = userFields.safeParse(ctx.body);
            if (result.success) return;
            const issue = result.error.issues[0]!;
            const field = String(issue.path[0]);
            throw new APIError("BAD_REQUEST", { message: `Invalid ${field}: ${issue.message}`, code: `INVALID_${field.toUpperCase()}` });
          }),
        },
      ],
    },
  };
}
