import { describe, expect, it } from "vitest";
import { useTestProvider } from "../oidc-provider.js";
import { browserOrigin, browserTestPort, useBrowserApp } from "./browser-app.js";

// Signing in through the company's identity provider as a person does: Chromium follows every
// redirect (the service, the provider's authorization and its return) with its own cookies.
const API = browserOrigin(browserTestPort(6));
// The provider starts first: the app's settings name its issuer.
const provider = useTestProvider(API);
const app = useBrowserApp(API, () => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
}));

describe("OpenID Connect sign-in in Chromium", () => {
  it("goes to the provider and back, and lands signed in on the page it asked for", async () => {
    const email = `sso-${Date.now()}@example.com`;
    provider.signInAs({ sub: `sub-${Date.now()}`, email, email_verified: true, name: "Grace Hopper" });
    const page = await app.browser.newPage();
    await page.goto(`${API}/health`, { waitUntil: "load" });

    const start = await page.evaluate(async () => {
      const res = await fetch("/api/auth/sign-in/social", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ provider: "oidc", callbackURL: "/api/profile", errorCallbackURL: "/health" }),
      });
      return { status: res.status, body: (await res.json()) as { url?: string } };
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(new URL(start.body.url!).origin).toBe(provider.issuer);

    const landed = await page.goto(start.body.url!, { waitUntil: "load" });
    expect(page.url()).toBe(`${API}/api/profile`);
    expect(landed?.status()).toBe(200);
    const profile = (await landed!.json()) as { user: { email: string; name: string; roles: string[] } };
    expect(profile.user).toMatchObject({ email, name: "Grace Hopper", roles: ["USER"] });
  });
});
