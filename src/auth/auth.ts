import { betterAuth } from "better-auth";
import { AUTH_BASE_PATH } from "./endpoints.js";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config.js";
import type { DrizzleDb } from "../db/client.js";
import { schema } from "../db/schema.js";
import { logBetterAuth } from "../logging/better-auth-log.js";
import type { Logger } from "../logging/logger.js";
import type { Mailer } from "../mail/mailer.js";
import { failureKeepingMailer } from "./mail-in-request.js";
import { mailVerificationOrNotice } from "./email-in-use.js";
import { userFieldLimits } from "./field-limits.js";
import { endOtherSessionsOnPasswordChange, endPendingResets, resetIdentifierStorage } from "./password-change.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rule.js";
import { passkeyPlugin } from "./passkeys.js";
import { signInMethodPlugins } from "./sign-in-methods.js";
import { accountPlugins } from "./two-factor.js";

/**
 * The header that carries the client's address to better-auth, which records it on each session.
 * The handler sets it from Express's answer (which honours TRUST_PROXY) and overwrites whatever a
 * client sent under that name; better-auth's default, the first X-Forwarded-For entry, is the
 * client's own choice whenever no proxy in front of the service rewrites it.
 */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export interface AuthOptions {
  config: Config;
  db: DrizzleDb;
  logger: Logger;
  mailer: Mailer;
  /** Tests replace better-auth's deliberately slow scrypt; production never passes one. */
  passwordHasher?: PasswordHasher;
}

const HOUR_S = 60 * 60;
/** How long a verification or email-change link works. */
export const VERIFICATION_LINK_S = 24 * HOUR_S;

export function createAuth({ config, db, logger, mailer: serviceMailer, passwordHasher }: AuthOptions) {
  const mailer = failureKeepingMailer(serviceMailer);
  return betterAuth({
    appName: "posts-api",
    baseURL: config.authUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [...config.corsOrigins, new URL(config.authUrl).origin],
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    plugins: [...accountPlugins(db), passkeyPlugin(config, db), ...signInMethodPlugins(config, logger)],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      // better-auth calls these after its own writes; the mail is queued, not sent, before it answers.
      sendResetPassword: ({ user, url }) => mailer.queue("reset-password", user, { url }),
      resetPasswordTokenExpiresIn: HOUR_S,
      // Whoever reset the password may be locking out someone who knew the old one.
      revokeSessionsOnPasswordReset: true,
      // Only the link used is spent by better-auth; the others mailed before it end here too.
      onPasswordReset: ({ user }) => endPendingResets(db, user.id),
      requireEmailVerification: config.mail.requireEmailVerification,
    },
    emailVerification: {
      sendVerificationEmail: ({ user, url }) => mailVerificationOrNotice(db, mailer, user, withoutRootCallback(url)),
      sendOnSignUp: mailer.available,
      sendOnSignIn: config.mail.requireEmailVerification,
      expiresIn: VERIFICATION_LINK_S,
    },
    // Reset tokens are stored as hashes: someone who reads the database cannot use a pending one.
    verification: { storeIdentifier: resetIdentifierStorage },
    user: {
      // The old address approves first, then the new one is verified; never changed unverified.
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) =>
          mailer.queue("confirm-email-change", user, { url: withoutRootCallback(url), newEmail }),
        updateEmailWithoutVerification: false,
      },
      additionalFields: {
        // `input: false`: no sign-up or update body can set roles; only an admin route or the CLI can.
        roles: { type: "string[]", required: false, defaultValue: ["USER"], input: false },
      },
    },
    databaseHooks: {
      // The user routes' rules hold for sign-up and update-user too, which would store any name or image.
      user: userFieldLimits,
      account: { update: { before: endOtherSessionsOnPasswordChange(db) } },
    },
    // The service's own limiter (http/rate-limit.ts) counts every /api/auth request before it gets
    // here, by the client address Express resolves under TRUST_PROXY, shared through Redis, with
    // the JSON 429. better-auth's would count the same requests a second time, by the first
    // X-Forwarded-For entry (which a client chooses) or, when it finds none, in one bucket shared
    // by every client, so one client could lock everyone else out of signing in.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin check (CSRF protection, callback URL validation) whenever the
      // process has NODE_ENV=test or TEST set; this service wants it in every mode.
      disableOriginCheck: false,
      cookiePrefix: "auth",
      useSecureCookies: config.isProduction,
      database: { generateId: "uuid" },
      // Whole IPv6 addresses: better-auth's /64 default suits rate limiting, which it does not do here.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
    // An unexpected failure (the database) goes to the central error handler (see handler.ts),
    // which maps it (503 when the database is down) and logs it without the query's parameters;
    // otherwise better-call prints the driver's message, session token included, to stderr.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
    logger: {
      level: config.isDevelopment ? "debug" : "warn",
      // better-auth's messages describe its own failures and a client's refused URLs; they carry no credentials.
      log: (level, message) => logBetterAuth(logger, level, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = Auth["$Infer"]["Session"];

/**
 * better-auth names "/" as the page to land on when the client named none (sign-up, change-email
 * without a callbackURL); the API serves nothing there. Without it, following the link answers
 * with the outcome as JSON instead of a redirect to a 404.
 */
export function withoutRootCallback(link: string): string {
  const url = new URL(link);
  if (url.searchParams.get("callbackURL") === "/") url.searchParams.delete("callbackURL");
  return url.toString();
}
