import { once } from "node:events";
import type { Server } from "node:http";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { openServices, type Services } from "../../src/services.js";
import { useTestProvider } from "../oidc-provider.js";

// Signing in through the company's identity provider as a person does: Chromium follows every
// redirect (the service, the provider's authorization and its return) with its own cookies.
const PORT = Number(process.env.BROWSER_TEST_PORT ?? 3520) + 6;
const API = `http://localhost:${PORT}`;
const provider = useTestProvider(API);

let services: Services;
let server: Server;
let browser: Browser;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: "pglite:memory",
    BETTER_AUTH_SECRET: "browser-suite-secret-0123456789abcdef",
    BETTER_AUTH_URL: API,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    RATE_LIMIT_ENABLED: "false",
    LOG_LEVEL: "error",
  });
  services = await openServices(config, createLogger(config));
  server = createApp(services).listen(PORT, "127.0.0.1");
  await once(server, "listening");
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await services?.database.close();
});

describe("OpenID Connect sign-in in Chromium", () => {
  it("goes to the provider and back, and lands signed in on the page it asked for", async () => {
    const email = `sso-${Date.now()}@example.com`;
    provider.signInAs({ sub: `sub-${Date.now()}`, email, email_verified: true, name: "Grace Hopper" });
    const page = await browser.newPage();
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
