import type { BetterAuthPlugin } from "better-auth";
import { auditOwnAction } from "./own-action-audit.js";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq, lt, sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { usedTotpCodes } from "../db/schema.js";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const VERIFY_TOTP = "/two-factor/verify-totp";
const VERIFY_BACKUP_CODE = "/two-factor/verify-backup-code";

// A code is accepted one period either side of its own (the plugin's window); remembered that long.
const TOTP_PERIOD_S = 30;
const USED_CODE_MEMORY_MS = 3 * TOTP_PERIOD_S * 1000;

// Six digits, as the authenticator shows them; a backup code is two groups of five characters.
const TOTP_CODE = /^\d{6}$/;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

interface Claim {
  userId: string;
  code: string;
}

// The code a request claimed, for its own answer to release if the code was wrong; kept as long
// as the request is.
const claims = new WeakMap<Request, Claim>();

const refusal = (status: "BAD_REQUEST" | "UNAUTHORIZED", code: string, message: string) =>
  APIError.from(status, { code, message });

/**
 * The account plugins of the service: better-auth's two-factor sign-in (TOTP with ten backup codes,
 * both stored encrypted with the auth secret; its own limit ends a sign-in challenge after five
 * wrong codes, counted in the database that every instance shares), and around it the service's
 * rules: well-formed codes only, a TOTP code accepted once, and the audit trail.
 */
export function accountPlugins(db: DrizzleDb): BetterAuthPlugin[] {
  return [twoFactor({ issuer: "posts-api", backupCodeOptions: { amount: 10 } }), twoFactorRules(db)];
}

function twoFactorRules(db: DrizzleDb): BetterAuthPlugin {
  return {
    id: "two-factor-rules",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP || ctx.path === VERIFY_BACKUP_CODE,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            const totp = ctx.path === VERIFY_TOTP;
            if (typeof code !== "string" || !(totp ? TOTP_CODE : BACKUP_CODE).test(code))
              throw refusal(
                "BAD_REQUEST",
                "INVALID_CODE_FORMAT",
                totp ? "code must be the 6 digits the authenticator shows" : "code must be one of the backup codes",
              );
            if (!totp) return;
            const userId = await challengedUser(ctx);
            if (!userId) return;
            if (ctx.request) claims.set(ctx.request, { userId, code });
            if (!(await claimCode(db, userId, code)))
              throw refusal(
                "UNAUTHORIZED",
                "CODE_ALREADY_USED",
                "This code has already been used; wait for the next one",
              );
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP || ctx.path === VERIFY_BACKUP_CODE,
          handler: createAuthMiddleware(async (ctx) => {
            const { returned } = ctx.context;
            if (ctx.path === VERIFY_TOTP) {
              // A wrong code was never used: it may be right in the next period.
              const claim = ctx.request && claims.get(ctx.request);
              if (claim && returned instanceof APIError && returned.body?.code === "INVALID_CODE")
                await releaseCode(db, claim);
              return;
            }
            const userId = returnedUserId(returned);
            if (!(returned instanceof APIError) && userId)
              await auditOwnAction(db, userId, "user.two_factor_backup_code_used", ctx.path);
          }),
        },
      ],
    },
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            update: {
              // The plugin changes the flag only when a first code confirms enrolment or on disable.
              after: async (user, ctx) => {
                const enabled = (user as { twoFactorEnabled?: boolean }).twoFactorEnabled;
                if (ctx?.path === VERIFY_TOTP && enabled === true)
                  await auditOwnAction(db, user.id, "user.two_factor_enable", ctx.path);
                if (ctx?.path === "/two-factor/disable" && enabled === false)
                  await auditOwnAction(db, user.id, "user.two_factor_disable", ctx.path);
              },
            },
          },
        },
      },
    }),
  };
}

/** Whose code this is: the user of a pending sign-in challenge, or of the session confirming enrolment. */
async function challengedUser(ctx: HookContext): Promise<string | undefined> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (challenge) {
    const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
    return pending?.value;
  }
  const session = await getSessionFromCtx(ctx);
  return session?.user.id;
}

/**
 * Marks the code used by this user, atomically: false when it already was within its window, so
 * two requests racing with one code cannot both pass, on one instance or two. The user's expired
 * codes go at the same time, which keeps the table to a few rows per user.
 */
async function claimCode(db: DrizzleDb, userId: string, code: string): Promise<boolean> {
  await db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), lt(usedTotpCodes.expiresAt, sql`now()`)));
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, code, expiresAt: new Date(Date.now() + USED_CODE_MEMORY_MS) })
    .onConflictDoNothing()
    .returning({ code: usedTotpCodes.code });
  return claimed.length > 0;
}

async function releaseCode(db: DrizzleDb, { userId, code }: Claim): Promise<void> {
  await db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.code, code)));
}

function returnedUserId(returned: unknown): string | undefined {
  const user = (returned as { user?: { id?: unknown } } | null)?.user;
  return typeof user?.id === "string" ? user.id : undefined;
}
