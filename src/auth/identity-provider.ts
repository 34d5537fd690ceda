import type { BetterAuthPlugin } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import * as z from "zod";
import type { OidcConfig } from "../config.js";

/** The provider's id in better-auth's paths: `/api/auth/callback/oidc`, `provider: "oidc"`. */
export const OIDC_PROVIDER_ID = "oidc";

/** How long any answer of the provider may take; a provider that hangs fails the sign-in instead. */
export const PROVIDER_DEADLINE_MS = 5000;

const discoveryDocument = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).min(1),
});
type DiscoveryDocument = z.infer<typeof discoveryDocument>;

const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  id_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.number().positive().optional(),
  scope: z.string().optional(),
});

/** Why the provider cannot be used, in words an operator acts on (logged, never sent to a client). */
export class IdentityProviderError extends Error {
  override name = "IdentityProviderError";
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(PROVIDER_DEADLINE_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new IdentityProviderError(
      `${url} ${timedOut ? `gave no answer within ${PROVIDER_DEADLINE_MS} ms` : "is unreachable"}`,
    );
  }
  const text = await response.text();
  if (!response.ok) throw new IdentityProviderError(`${url} answered ${response.status}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new IdentityProviderError(`${url} answered something other than JSON`);
  }
}

/**
 * The provider's discovery document, held to OpenID Connect Discovery: the issuer it names must be
 * exactly the configured one, or any server that answers at that address could issue identities.
 */
export async function discover(issuer: string): Promise<DiscoveryDocument> {
  const url = discoveryUrlOf(issuer);
  const parsed = discoveryDocument.safeParse(await fetchJson(url));
  if (!parsed.success) throw new IdentityProviderError(`${url} is not an OpenID Connect discovery document`);
  if (parsed.data.issuer !== issuer)
    throw new IdentityProviderError(`${url} names the issuer ${parsed.data.issuer}, not the configured ${issuer}`);
  return parsed.data;
}

/** Where OpenID Connect Discovery places an issuer's document. */
function discoveryUrlOf(issuer: string): string {
  return `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
}

/**
 * better-auth's generic OAuth plugin for one OpenID Connect provider: authorization code with
 * PKCE, state and nonce, the ID token verified against the provider's keys. The plugin fetches the
 * discovery document again for its own use (the caller bounds that wait). The code exchange is
 * the service's own: better-auth's has no deadline, and this one fails clearly on an answer that
 * is not a token response.
 */
export function oidcPlugin(oidc: OidcConfig, document: DiscoveryDocument): BetterAuthPlugin {
  return genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        name: oidc.displayName,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        discoveryUrl: discoveryUrlOf(oidc.issuer),
        scopes: ["openid", "email", "profile"],
        pkce: true,
        requireIdTokenVerification: true,
        getToken: (data) => exchangeCode(oidc, document, data),
      },
    ],
  });
}

async function exchangeCode(
  oidc: OidcConfig,
  document: DiscoveryDocument,
  data: { code: string; redirectURI: string; codeVerifier?: string | undefined },
) {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: data.code,
    redirect_uri: data.redirectURI,
  });
  if (data.codeVerifier) body.set("code_verifier", data.codeVerifier);
  const basic = `${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(oidc.clientSecret)}`;
  const answer = tokenAnswer.safeParse(
    await fetchJson(document.token_endpoint, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(basic).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body,
    }),
  );
  if (!answer.success) throw new IdentityProviderError(`${document.token_endpoint} answered without an ID token`);
  const tokens = answer.data;
  return {
    tokenType: tokens.token_type,
    accessToken: tokens.access_token,
    idToken: tokens.id_token,
    refreshToken: tokens.refresh_token,
    accessTokenExpiresAt: tokens.expires_in === undefined ? undefined : new Date(Date.now() + tokens.expires_in * 1000),
    scopes: tokens.scope?.split(" "),
  };
}
