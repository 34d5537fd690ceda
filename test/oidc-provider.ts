import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { CookieJar } from "tough-cookie";
import { afterAll, beforeAll } from "vitest";

/** Who signs in at the provider next, and what it says about them. */
export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  /** A claim the provider may send that must never become the service's roles. */
  roles?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in at the provider is for. */
  signInAs(account: ProviderAccount): void;
}

const CLIENT = { clientId: "posts-api", clientSecret: "a client secret for the test provider only" };

/**
 * panva's oidc-provider, a certified OpenID Provider, on 127.0.0.1 for one test file, with the
 * service registered as a confidential client whose callback is on `appUrl`. Its login and consent
 * pages are skipped: whoever `signInAs` names is signed in and consents at once.
 */
export function useTestProvider(appUrl: string): TestProvider {
  const context = { ...CLIENT } as TestProvider;
  let server: Server | undefined;
  let account: ProviderAccount | undefined;
  beforeAll(async () => {
    server = createServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT.clientId,
          client_secret: CLIENT.clientSecret,
          redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        },
      ],
      pkce: { required: () => true },
      // Claims in the ID token itself, so the sign-in needs no second request for them.
      conformIdTokenClaims: false,
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "roles"] },
      findAccount: (_ctx, sub) =>
        account?.sub === sub ? { accountId: sub, claims: () => ({ ...account! }) } : undefined,
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
    });
    const callback = provider.callback();
    const finishInteraction = async (req: IncomingMessage, res: ServerResponse) => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: account!.sub, clientId: CLIENT.clientId });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: account!.sub }, consent: { grantId } });
    };
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/interaction/")) void finishInteraction(req, res);
      else void callback(req, res);
    });
    Object.assign(context, { issuer, signInAs: (next: ProviderAccount) => (account = next) });
  });
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
  return context;
}

/**
 * A browser's part in the redirect dance: a cookie jar per origin, redirects followed by hand so
 * each hop can be read, and requests for the service's public address (`appUrl`) sent to where the
 * test app really listens.
 */
export class Browser {
  readonly jar = new CookieJar();
  /** Every URL visited, in order. */
  readonly visited: string[] = [];
  constructor(
    private readonly appUrl: string,
    private readonly appAddress: () => string,
  ) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    this.visited.push(url);
    const target = url.startsWith(this.appUrl) ? this.appAddress() + url.slice(this.appUrl.length) : url;
    const headers = new Headers(init.headers);
    const cookies = await this.jar.getCookieString(url);
    if (cookies) headers.set("cookie", cookies);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) await this.jar.setCookie(cookie, url);
    return response;
  }

  /** Follows redirects from `url` until one leaves for a page of the client's (off `/api/auth`) or an answer is not a redirect. */
  async follow(url: string): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.request(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).toString();
      if (current.startsWith(this.appUrl) && !new URL(current).pathname.startsWith("/api/auth/"))
        return { url: current, response };
    }
    throw new Error(`more than 20 redirects from ${url}`);
  }

  /** Starts a sign-in (`/sign-in/social`) or a link (`/link-social`) and follows it to its end. */
  async signInThroughProvider(endpoint: "/sign-in/social" | "/link-social" = "/sign-in/social") {
    const start = await this.request(`${this.appUrl}/api/auth${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.appUrl },
      body: JSON.stringify({ provider: "oidc", callbackURL: "/signed-in", errorCallbackURL: "/failed" }),
    });
    if (start.status !== 200) return { start, url: undefined };
    const { url } = (await start.json()) as { url: string };
    return { start, url: (await this.follow(url)).url };
  }

  async session(): Promise<{ user: { id: string; email: string; roles: string[] } } | null> {
    const response = await this.request(`${this.appUrl}/api/auth/get-session`);
    return (await response.json()) as { user: { id: string; email: string; roles: string[] } } | null;
  }
}
