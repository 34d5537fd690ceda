import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { Browser } from "../../test/oidc-provider.js";
import { users } from "../db/schema.js";

const APP_URL = "http://localhost:3000";

/**
 * A provider that misbehaves: under `/garbage` every answer is HTML, under `/slow` no answer ever
 * comes, and at its root a sound discovery document leads to a token endpoint of either kind.
 */
let server: Server;
let issuer = "";
let tokenAnswer: "garbage" | "slow" = "garbage";
const held = new Set<Socket>();
beforeAll(async () => {
  server = createServer((req, res) => {
    held.add(req.socket);
    const path = req.url ?? "";
    if (path.startsWith("/slow") || (path === "/token" && tokenAnswer === "slow")) return;
    if (path.startsWith("/garbage") || path === "/token") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>Service temporarily unavailable</html>");
      return;
    }
    if (path === "/.well-known/openid-configuration")
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
    else res.writeHead(404).end();
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(garbageDiscovery, providerEnv(`${issuer}/garbage`));
  Object.assign(slowDiscovery, providerEnv(`${issuer}/slow`));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function providerEnv(oidcIssuer: string): Record<string, string> {
  return {
    BETTER_AUTH_URL: APP_URL,
    OIDC_ISSUER: oidcIssuer,
    OIDC_CLIENT_ID: "posts-api",
    OIDC_CLIENT_SECRET: "secret",
  };
}

const t = useTestApp(() => providerEnv(issuer));
const garbageDiscovery: Record<string, string> = {};
const slowDiscovery: Record<string, string> = {};
const withGarbageDiscovery = useSecondApp(t, garbageDiscovery);
const withSlowDiscovery = useSecondApp(t, slowDiscovery);

async function userCount(): Promise<number> {
  return (await t.database.db.select({ id: users.id }).from(users)).length;
}

/** Starts a sign-in and comes back to the service with a code, as the provider would have sent it. */
async function returnWithCode(): Promise<{ browser: Browser; url: string }> {
  const browser = new Browser(APP_URL, () => `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`);
  const start = await browser.request(`${APP_URL}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify({ provider: "oidc", callbackURL: "/signed-in", errorCallbackURL: "/failed" }),
  });
  expect(start.status).toBe(200);
  const authorization = new URL(((await start.json()) as { url: string }).url);
  const state = authorization.searchParams.get("state")!;
  const callback = `${APP_URL}/api/auth/callback/oidc?code=a-code&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(issuer)}`;
  return { browser, url: (await browser.follow(callback)).url };
}

describe("a provider that misbehaves", () => {
  it("fails a sign-in whose token endpoint answers garbage, and stores nothing", async () => {
    tokenAnswer = "garbage";
    const before = await userCount();
    const { browser, url } = await returnWithCode();
    expect(url).toBe(`${APP_URL}/failed?error=invalid_code`);
    expect(await browser.session()).toBeNull();
    expect(await userCount()).toBe(before);
  });

  it("fails a sign-in whose token endpoint never answers, at the deadline, and stores nothing", async () => {
    tokenAnswer = "slow";
    const before = await userCount();
    const { browser, url } = await returnWithCode();
    expect(url).toBe(`${APP_URL}/failed?error=invalid_code`);
    expect(await browser.session()).toBeNull();
    expect(await userCount()).toBe(before);
    expect(t.logText()).not.toContain("a-code");
  });

  for (const [kind, app] of [
    ["answers discovery with garbage", withGarbageDiscovery],
    ["never answers discovery", withSlowDiscovery],
  ] as const)
    it(`answers 503 for a provider that ${kind}, and serves everything else`, async () => {
      const res = await app.http
        .post("/api/auth/sign-in/social")
        .set("Origin", APP_URL)
        .send({ provider: "oidc", callbackURL: "/signed-in" });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("IDENTITY_PROVIDER_UNAVAILABLE");
      expect((await app.http.get("/api/auth/get-session")).status).toBe(200);
    });
});
