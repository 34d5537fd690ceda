import type { Page } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { browserOrigin, browserTestPort, useBrowserApp } from "./browser-app.js";

// Chromium's virtual authenticator (DevTools protocol) registers a passkey from a page of the
// app's own origin and signs in with it, as a laptop's platform authenticator would.
const API = browserOrigin(browserTestPort(5));
const app = useBrowserApp(API);

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** What the page script uses of the browser's WebAuthn API (the project compiles without the DOM library). */
interface WebAuthnWindow {
  navigator: { credentials: { create(o: object): Promise<Credential>; get(o: object): Promise<Credential> } };
  PublicKeyCredential: {
    parseCreationOptionsFromJSON(o: object): object;
    parseRequestOptionsFromJSON(o: object): object;
  };
}
interface Credential {
  toJSON(): object;
}

/** A same-origin request from the page, with its cookies. */
const call = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async (m, p, b) => {
      const res = await fetch(p, {
        method: m,
        credentials: "same-origin",
        headers: b === undefined ? {} : { "Content-Type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
    method,
    path,
    body,
  ) as Promise<Answer>;

describe("passkeys in Chromium", () => {
  it("registers a passkey on the virtual authenticator and signs in with it alone", async () => {
    const page = await app.browser.newPage();
    // A page of the app's own origin (the relying party's); the script runs through DevTools.
    await page.goto(`${API}/health`, { waitUntil: "load" });
    const cdp = await page.createCDPSession();
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    const email = `passkey-${Date.now()}@example.com`;
    const signedUp = await call(page, "POST", "/api/auth/sign-up/email", {
      name: "Ada",
      email,
      password: "a long passphrase of hers",
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);

    const registered = (await page.evaluate(async () => {
      const options = (await (await fetch("/api/auth/passkey/generate-register-options")).json()) as object;
      const w = globalThis as unknown as WebAuthnWindow;
      const credential = await w.navigator.credentials.create({
        publicKey: w.PublicKeyCredential.parseCreationOptionsFromJSON(options),
      });
      const res = await fetch("/api/auth/passkey/verify-registration", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ response: credential.toJSON(), name: "Chromium" }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    })) as Answer;
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    expect((await call(page, "POST", "/api/auth/sign-out", {})).status).toBe(200);
    expect((await call(page, "GET", "/api/profile")).status).toBe(401);

    const signedIn = (await page.evaluate(async () => {
      const options = (await (await fetch("/api/auth/passkey/generate-authenticate-options")).json()) as object;
      const w = globalThis as unknown as WebAuthnWindow;
      const credential = await w.navigator.credentials.get({
        publicKey: w.PublicKeyCredential.parseRequestOptionsFromJSON(options),
      });
      const res = await fetch("/api/auth/passkey/verify-authentication", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ response: credential.toJSON() }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    })) as Answer;
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((signedIn.body!.user as { email: string }).email).toBe(email);

    const profile = await call(page, "GET", "/api/profile");
    expect(profile.status).toBe(200);
    const listed = await call(page, "GET", "/api/auth/passkey/list-user-passkeys");
    expect(listed.body).toEqual([expect.objectContaining({ name: "Chromium", lastUsedAt: expect.any(String) })]);
    await page.close();
  }, 60_000);
});
