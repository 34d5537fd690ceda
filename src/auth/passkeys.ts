import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { auditOwnAction } from "./own-action-audit.js";
import { APIError, createAuthEndpoint, freshSessionMiddleware, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import * as z from "zod";
import type { Config } from "../config.js";
import type { DrizzleDb } from "../db/client.js";
import { passkeys, sessions, verifications } from "../db/schema.js";

/**
 * Passkeys (WebAuthn), as a better-auth plugin under `/api/auth/passkey/*` with the paths of
 * better-auth's own passkey plugin (whose package pins older better-auth internals than the
 * service runs). A signed-in user registers passkeys, lists and deletes them; anyone signs in with
 * one alone, and that sign-in counts as both factors: the credential is the possession, the user
 * verification (PIN or biometrics, required) the second. The relying party is BETTER_AUTH_URL:
 * its host the RP id, its origin the only origin accepted.
 *
 * A ceremony's challenge is a row of better-auth's verification table (the database every
 * instance shares), named by a random value in a signed cookie, stored hashed, consumed atomically
 * once (a replay finds nothing), and refused after CHALLENGE_TTL_S. Each new challenge first
 * consumes the one the same cookie named and deletes a bounded batch of expired rows, so the
 * table holds at most what the rate limit lets clients ask for in CHALLENGE_TTL_S.
 *
 * `@simplewebauthn/server` (ASN.1 and CBOR parsers) is loaded on the first ceremony, not at start.
 */
export function passkeyPlugin(config: Pick<Config, "authUrl">, db: DrizzleDb): BetterAuthPlugin {
  const relyingParty = new URL(config.authUrl);
  const rpID = relyingParty.hostname;
  const expectedOrigin = relyingParty.origin;

  const webauthn = () => import("@simplewebauthn/server");

  const challengeCookie = (ctx: EndpointContext) =>
    ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_TTL_S });

  async function issueChallenge(ctx: EndpointContext, challenge: Challenge): Promise<void> {
    const cookie = challengeCookie(ctx);
    const previous = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (previous) await ctx.context.internalAdapter.consumeVerificationValue(`${CHALLENGE_PREFIX}${previous}`);
    await deleteExpiredChallenges(db);
    const handle = generateRandomString(32);
    await ctx.context.internalAdapter.createVerificationValue({
      identifier: `${CHALLENGE_PREFIX}${handle}`,
      value: JSON.stringify(challenge),
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
    });
    await ctx.setSignedCookie(cookie.name, handle, ctx.context.secret, cookie.attributes);
  }

  /** The challenge the cookie names, once: consumed whatever the outcome of the ceremony. */
  async function takeChallenge(ctx: EndpointContext, kind: Challenge["kind"]): Promise<Challenge> {
    const cookie = challengeCookie(ctx);
    const handle = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    // Spent either way: the browser need not keep a cookie that names nothing.
    ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
    if (!handle) throw refusal("BAD_REQUEST", "CHALLENGE_NOT_FOUND", CHALLENGE_MISSING);
    const row = await ctx.context.internalAdapter.consumeVerificationValue(`${CHALLENGE_PREFIX}${handle}`);
    const parsed = row ? storedChallenge.safeParse(safeJson(row.value)) : undefined;
    if (!parsed?.success || parsed.data.kind !== kind)
      throw refusal("BAD_REQUEST", "CHALLENGE_NOT_FOUND", CHALLENGE_MISSING);
    return parsed.data;
  }

  const generateRegisterOptions = createAuthEndpoint(
    "/passkey/generate-register-options",
    { method: "GET", use: [freshSessionMiddleware], metadata: { openapi: { responses: OPTIONS_RESPONSE } } },
    async (ctx) => {
      const user = signedInUser(ctx.context.session);
      const { generateRegistrationOptions } = await webauthn();
      const existing = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      const options = await generateRegistrationOptions({
        rpName: ctx.context.appName,
        rpID,
        userID: userHandleOf(user.id),
        userName: user.email,
        userDisplayName: user.name,
        timeout: CHALLENGE_TTL_S * 1000,
        attestationType: "none",
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: transportsOf(passkey.transports),
        })),
        // A passkey: kept on the authenticator (it names the user) and unlocked by its user.
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
      await issueChallenge(ctx, { kind: "registration", challenge: options.challenge, userId: user.id });
      return ctx.json(options);
    },
  );

  const verifyRegistration = createAuthEndpoint(
    "/passkey/verify-registration",
    {
      method: "POST",
      body: registrationBody,
      use: [sessionMiddleware],
      metadata: { openapi: { responses: { "200": { description: "The passkey, registered", content: passkeyJson } } } },
    },
    async (ctx) => {
      const user = signedInUser(ctx.context.session);
      const challenge = await takeChallenge(ctx, "registration");
      // A challenge another user's session asked for (its cookie sent with this session).
      if (challenge.kind !== "registration" || challenge.userId !== user.id)
        throw refusal("BAD_REQUEST", "CHALLENGE_NOT_FOUND", CHALLENGE_MISSING);
      const { verifyRegistrationResponse } = await webauthn();
      const verified = await verifyRegistrationResponse({
        response: ctx.body.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      }).catch(() => undefined);
      if (!verified?.verified || !verified.registrationInfo)
        throw refusal("BAD_REQUEST", "REGISTRATION_FAILED", "The authenticator's response does not verify");
      const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verified.registrationInfo;
      const name = ctx.body.name?.trim() || null;
      const added = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(passkeys)
          .values({
            userId: user.id,
            name,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString("base64url"),
            counter: credential.counter,
            deviceType: credentialDeviceType,
            backedUp: credentialBackedUp,
            transports: credential.transports?.join(",") ?? null,
            aaguid,
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (row) await auditOwnAction(tx, user.id, "user.passkey_add", ctx.path, { passkeyId: row.id });
        return row;
      });
      if (!added)
        throw refusal("BAD_REQUEST", "PASSKEY_ALREADY_REGISTERED", "This passkey is already registered to an account");
      return ctx.json(passkeyView(added));
    },
  );

  const generateAuthenticateOptions = createAuthEndpoint(
    "/passkey/generate-authenticate-options",
    { method: "GET", metadata: { openapi: { responses: OPTIONS_RESPONSE } } },
    async (ctx) => {
      const { generateAuthenticationOptions } = await webauthn();
      // No credentials named: the authenticator offers the passkeys it holds for this site.
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: "required",
        timeout: CHALLENGE_TTL_S * 1000,
      });
      await issueChallenge(ctx, { kind: "authentication", challenge: options.challenge });
      return ctx.json(options);
    },
  );

  const verifyAuthentication = createAuthEndpoint(
    "/passkey/verify-authentication",
    {
      method: "POST",
      body: authenticationBody,
      metadata: { openapi: { responses: { "200": { description: "Signed in: the session cookie is set" } } } },
    },
    async (ctx) => {
      const challenge = await takeChallenge(ctx, "authentication");
      const { response } = ctx.body;
      const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
      // The authenticator names whose passkey it is; a credential of one user never signs in another.
      if (!passkey || (response.response.userHandle && response.response.userHandle !== userHandleText(passkey.userId)))
        throw refusal("UNAUTHORIZED", "PASSKEY_NOT_FOUND", "No account has this passkey");
      const { verifyAuthenticationResponse } = await webauthn();
      const verified = await verifyAuthenticationResponse({
        response: response,
        expectedChallenge: challenge.challenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verified?.verified)
        throw refusal(
          "UNAUTHORIZED",
          "AUTHENTICATION_FAILED",
          "The passkey's answer does not verify: its challenge, origin, user verification or signature",
        );
      await db
        .update(passkeys)
        .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
        .where(eq(passkeys.id, passkey.id));
      const user = await ctx.context.internalAdapter.findUserById(passkey.userId);
      if (!user) throw refusal("UNAUTHORIZED", "PASSKEY_NOT_FOUND", "No account has this passkey");
      const session = await ctx.context.internalAdapter.createSession(user.id);
      // Both factors: the route guards read this where REQUIRE_TWO_FACTOR_ROLES applies.
      await db.update(sessions).set({ passkeySignIn: true }).where(eq(sessions.id, session.id));
      await setSessionCookie(ctx, { session, user });
      return ctx.json({ token: session.token, user });
    },
  );

  const listUserPasskeys = createAuthEndpoint(
    "/passkey/list-user-passkeys",
    {
      method: "GET",
      use: [sessionMiddleware],
      metadata: {
        openapi: {
          responses: {
            "200": {
              description: "Your passkeys, oldest first",
              content: { "application/json": { schema: { type: "array" as const, items: PASSKEY_SCHEMA } } },
            },
          },
        },
      },
    },
    async (ctx) => {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, ctx.context.session.user.id))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      return ctx.json(rows.map(passkeyView));
    },
  );

  const deletePasskey = createAuthEndpoint(
    "/passkey/delete-passkey",
    {
      method: "POST",
      body: z.object({ id: z.string().max(64) }),
      use: [sessionMiddleware],
      metadata: {
        openapi: {
          responses: {
            "200": {
              description: "Deleted",
              content: {
                "application/json": {
                  schema: {
                    type: "object" as const,
                    properties: { status: { type: "boolean", const: true } },
                    required: ["status"],
                  },
                },
              },
            },
          },
        },
      },
    },
    async (ctx) => {
      const userId = ctx.context.session.user.id;
      const { id } = ctx.body;
      const deleted =
        UUID.test(id) &&
        (await db.transaction(async (tx) => {
          const [row] = await tx
            .delete(passkeys)
            .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
            .returning({ id: passkeys.id });
          if (row) await auditOwnAction(tx, userId, "user.passkey_remove", ctx.path, { passkeyId: row.id });
          return row !== undefined;
        }));
      // Another user's passkey is as unknown as one that never was.
      if (!deleted) throw refusal("NOT_FOUND", "PASSKEY_NOT_FOUND", "You have no passkey with this id");
      return ctx.json({ status: true });
    },
  );

  return {
    id: PASSKEY_PLUGIN,
    endpoints: {
      generatePasskeyRegistrationOptions: generateRegisterOptions,
      verifyPasskeyRegistration: verifyRegistration,
      generatePasskeyAuthenticationOptions: generateAuthenticateOptions,
      verifyPasskeyAuthentication: verifyAuthentication,
      listPasskeys: listUserPasskeys,
      deletePasskey,
    },
  };
}

export const PASSKEY_PLUGIN = "passkey";

/** How long a ceremony may take, from its options to its response. */
export const CHALLENGE_TTL_S = 300;
const CHALLENGE_COOKIE = "passkey_challenge";
const CHALLENGE_PREFIX = "passkey-challenge:";
const CHALLENGE_MISSING =
  "No passkey challenge is pending: ask for options first (each is used once, within 5 minutes)";
// ES256, EdDSA, RS256: what authenticators make; simplewebauthn's default list less the rare ones.
const SUPPORTED_ALGORITHMS = [-7, -8, -257];
const EXPIRED_BATCH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EndpointContext = GenericEndpointContext;

const storedChallenge = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("registration"), challenge: z.string(), userId: z.string() }),
  z.object({ kind: z.literal("authentication"), challenge: z.string(), userId: z.undefined().optional() }),
]);
type Challenge = z.infer<typeof storedChallenge>;

// What a browser's `PublicKeyCredential.toJSON()` holds, bounded: well over any real authenticator's
// output, far under the body limit. The signatures and encodings are then simplewebauthn's to check.
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
const credentialCommon = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
const registrationBody = z.object({
  response: z.object({
    ...credentialCommon,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(65536),
      authenticatorData: base64url(65536).optional(),
      transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(4096).optional(),
    }),
  }),
  name: z.string().max(100).optional().meta({ description: "A name to tell this passkey from your others" }),
});
const authenticationBody = z.object({
  response: z.object({
    ...credentialCommon,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(65536),
      signature: base64url(2048),
      userHandle: base64url(128).optional(),
    }),
  }),
});

const PASSKEY_SCHEMA = {
  type: "object" as const,
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: ["string", "null"] },
    credentialID: { type: "string", description: "The WebAuthn credential id (base64url)" },
    deviceType: { type: "string", enum: ["singleDevice", "multiDevice"] },
    backedUp: { type: "boolean" },
    transports: { type: "array", items: { type: "string" } },
    aaguid: { type: ["string", "null"] },
    createdAt: { type: "string", format: "date-time" },
    lastUsedAt: { type: ["string", "null"], format: "date-time" },
  },
  required: ["id", "name", "credentialID", "deviceType", "backedUp", "transports", "aaguid", "createdAt", "lastUsedAt"],
};
const passkeyJson = { "application/json": { schema: PASSKEY_SCHEMA } };
const OPTIONS_RESPONSE = {
  "200": {
    description:
      "WebAuthn options, as `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON` read them; the auth.passkey_challenge cookie names the challenge (single use, 5 minutes)",
    content: {
      "application/json": {
        schema: { type: "object" as const, properties: { challenge: { type: "string" } }, required: ["challenge"] },
      },
    },
  },
};

type PasskeyRow = typeof passkeys.$inferSelect;

function passkeyView(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    credentialID: row.credentialId,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: transportsOf(row.transports) ?? [],
    aaguid: row.aaguid,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

function transportsOf(stored: string | null): (typeof TRANSPORTS)[number][] | undefined {
  if (!stored) return undefined;
  return stored
    .split(",")
    .filter((t): t is (typeof TRANSPORTS)[number] => (TRANSPORTS as readonly string[]).includes(t));
}

/** The WebAuthn user handle of a user: their id, stable across their passkeys, no personal data. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, "utf8"));
}

function userHandleText(userId: string): string {
  return Buffer.from(userId, "utf8").toString("base64url");
}

/** The session's user; the endpoint's middleware has refused a request without one. */
function signedInUser(session: { user: { id: string; email: string; name: string } } | null) {
  if (!session) throw refusal("UNAUTHORIZED", "UNAUTHORIZED", "Sign in first");
  return session.user;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const refusal = (status: "BAD_REQUEST" | "UNAUTHORIZED" | "NOT_FOUND", code: string, message: string) =>
  APIError.from(status, { code, message });

/** Expired verification rows of any kind, a bounded batch at a time: none of them can be used. */
async function deleteExpiredChallenges(db: DrizzleDb): Promise<void> {
  const expired = db
    .select({ id: verifications.id })
    .from(verifications)
    .where(lt(verifications.expiresAt, sql`now()`))
    .limit(EXPIRED_BATCH);
  await db.delete(verifications).where(inArray(verifications.id, expired));
}
