import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { Browser, type ProviderAccount, useTestProvider } from "../../test/oidc-provider.js";
import { accounts, users } from "../db/schema.js";

const APP_URL = "http://localhost:3000";
const provider = useTestProvider(APP_URL);
const t = useTestApp(() => ({
  BETTER_AUTH_URL: APP_URL,
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_DISPLAY_NAME: "Company sign-in",
}));
// The same provider under another spelling of its address: its discovery document names another issuer.
const misnamed: Record<string, string> = {};
beforeAll(() => {
  Object.assign(misnamed, {
    BETTER_AUTH_URL: APP_URL,
    OIDC_ISSUER: provider.issuer.replace("127.0.0.1", "localhost"),
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
});
const withMisnamedIssuer = useSecondApp(t, misnamed);
const withoutProvider = useSecondApp(t, { BETTER_AUTH_URL: APP_URL });

const browser = () => new Browser(APP_URL, () => `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`);

function providerAccount(over: Partial<ProviderAccount> = {}): ProviderAccount {
  const id = randomUUID();
  return { sub: id, email: `sso-${id}@example.com`, email_verified: true, name: "Grace Hopper", ...over };
}

async function usersWithEmail(email: string) {
  return t.database.db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.email, email));
}

async function providerAccountsOf(userId: string) {
  return t.database.db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .then((rows) => rows.filter((row) => row.providerId === "oidc"));
}

/** The provider's redirect back to the service, without following it. */
async function callbackUrlFor(b: Browser, account: ProviderAccount): Promise<URL> {
  provider.signInAs(account);
  const start = await b.request(`${APP_URL}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify({ provider: "oidc", callbackURL: "/signed-in", errorCallbackURL: "/failed" }),
  });
  let url = ((await start.json()) as { url: string }).url;
  while (!url.startsWith(`${APP_URL}/api/auth/callback/`)) {
    const response = await b.request(url);
    url = new URL(response.headers.get("location")!, url).toString();
  }
  return new URL(url);
}

describe("sign-in through an OpenID Connect provider", () => {
  it("signs a new user in with the USER role, whatever roles the provider claims", async () => {
    const b = browser();
    const account = providerAccount({ roles: ["ADMIN"] });
    provider.signInAs(account);
    const { url } = await b.signInThroughProvider();
    expect(url).toBe(`${APP_URL}/signed-in`);
    const session = await b.session();
    expect(session?.user).toMatchObject({ email: account.email, roles: ["USER"] });
    expect(await usersWithEmail(account.email)).toEqual([{ id: session!.user.id, roles: ["USER"] }]);
  });

  it("signs a returning user into the same account", async () => {
    const account = providerAccount();
    provider.signInAs(account);
    const first = browser();
    await first.signInThroughProvider();
    const second = browser();
    expect((await second.signInThroughProvider()).url).toBe(`${APP_URL}/signed-in`);
    expect((await second.session())?.user.id).toBe((await first.session())?.user.id);
  });

  it("refuses a callback whose state was altered, answers why as JSON, and stores nothing", async () => {
    const b = browser();
    const account = providerAccount();
    const callback = await callbackUrlFor(b, account);
    callback.searchParams.set("state", "an-altered-state-value");
    // An unreadable state names no page of the client's: the failure lands on the service's own.
    const { url, response } = await b.follow(callback.toString());
    expect(new URL(url).pathname).toBe("/api/auth/error");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "STATE_MISMATCH",
      message: "Sign-in through the identity provider failed (state_mismatch)",
    });
    expect(await b.session()).toBeNull();
    expect(await usersWithEmail(account.email)).toEqual([]);
  });

  it("refuses a callback that names another issuer, and stores nothing", async () => {
    const b = browser();
    const account = providerAccount();
    const callback = await callbackUrlFor(b, account);
    callback.searchParams.set("iss", "http://127.0.0.1:1");
    const { url } = await b.follow(callback.toString());
    expect(new URL(url).searchParams.get("error")).toBe("issuer_mismatch");
    expect(await b.session()).toBeNull();
    expect(await usersWithEmail(account.email)).toEqual([]);
  });

  it("refuses a replayed code", async () => {
    const account = providerAccount();
    const b = browser();
    const callback = await callbackUrlFor(b, account);
    expect((await b.follow(callback.toString())).url).toBe(`${APP_URL}/signed-in`);
    const attacker = browser();
    const replayed = await attacker.follow(callback.toString());
    expect(new URL(replayed.url).pathname).not.toBe("/signed-in");
    expect(await attacker.session()).toBeNull();
    // The victim's own browser replaying it gets no second session either.
    const again = await b.follow(callback.toString());
    expect(new URL(again.url).pathname).not.toBe("/signed-in");
  });
});

describe("linking a provider account to an existing user", () => {
  it("never lets an unverified provider email into an existing account, even signed in", async () => {
    const owner = await signUp(t);
    const account = providerAccount({ email: owner.email, email_verified: false });
    provider.signInAs(account);
    const stranger = browser();
    expect(new URL((await stranger.signInThroughProvider()).url!).searchParams.get("error")).toBe("account_not_linked");
    expect(await stranger.session()).toBeNull();

    const signedIn = browser();
    await signedIn.jar.setCookie(owner.cookie, APP_URL);
    const link = await signedIn.signInThroughProvider("/link-social");
    expect(new URL(link.url!).searchParams.get("error")).toBe("unable_to_link_account");
    expect(await providerAccountsOf(owner.id)).toEqual([]);
  });

  it("links a verified provider email only once its owner asks while signed in", async () => {
    const owner = await signUp(t);
    const account = providerAccount({ email: owner.email, email_verified: true });
    provider.signInAs(account);
    const before = browser();
    expect(new URL((await before.signInThroughProvider()).url!).searchParams.get("error")).toBe("account_not_linked");
    expect(await before.session()).toBeNull();
    expect(await providerAccountsOf(owner.id)).toEqual([]);

    const signedIn = browser();
    await signedIn.jar.setCookie(owner.cookie, APP_URL);
    expect((await signedIn.signInThroughProvider("/link-social")).url).toBe(`${APP_URL}/signed-in`);
    expect(await providerAccountsOf(owner.id)).toEqual([{ providerId: "oidc" }]);

    const after = browser();
    expect((await after.signInThroughProvider()).url).toBe(`${APP_URL}/signed-in`);
    expect((await after.session())?.user).toMatchObject({ id: owner.id, roles: ["USER"] });
  });

  it("refuses to link without a session", async () => {
    const res = await t.http
      .post("/api/auth/link-social")
      .set("Origin", APP_URL)
      .send({ provider: "oidc", callbackURL: "/signed-in" });
    expect(res.status).toBe(401);
  });
});

describe("provider configuration", () => {
  it("refuses a provider whose discovery document names another issuer", async () => {
    const res = await withMisnamedIssuer.http
      .post("/api/auth/sign-in/social")
      .set("Origin", APP_URL)
      .send({ provider: "oidc", callbackURL: "/signed-in" });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: "IDENTITY_PROVIDER_UNAVAILABLE",
      message: "The identity provider cannot be reached or is misconfigured; try again later",
    });
    expect(withMisnamedIssuer.logText()).toContain("names the issuer");
  });

  it("serves none of it when no provider is configured", async () => {
    for (const [method, path] of [
      ["post", "/api/auth/sign-in/social"],
      ["get", "/api/auth/callback/oidc?code=x&state=y"],
      ["post", "/api/auth/link-social"],
    ] as const) {
      const res = await withoutProvider.http[method](path).set("Origin", APP_URL).send({ provider: "oidc" });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });
});
