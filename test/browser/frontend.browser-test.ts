import type { Server } from "node:http";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, TestSmtpServer } from "../smtp.js";
import { browserOrigin, browserTestPort, SCREENSHOTS, useBrowserApp } from "./browser-app.js";
import { serveFrontend } from "./frontend-page.js";

// Three origins on one site (localhost): the API, a frontend it allows, and one it does not.
const API = browserOrigin(browserTestPort(0));
const FRONTEND_PORT = browserTestPort(1);
const FOREIGN_PORT = browserTestPort(2);
const FRONTEND = browserOrigin(FRONTEND_PORT);
const FOREIGN = browserOrigin(FOREIGN_PORT);

// The mail server starts before the app, which is given its address, and stops after it.
const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());
const app = useBrowserApp(API, () => ({
  CORS_ORIGINS: FRONTEND,
  SMTP_URL: smtp.url,
  EMAIL_FROM: "Posts <no-reply@posts.test>",
}));
let frontends: Server[] = [];

beforeAll(async () => {
  app.services.mailer.startWorker();
  frontends = [await serveFrontend(FRONTEND_PORT, API), await serveFrontend(FOREIGN_PORT, API)];
});

afterAll(async () => {
  await Promise.all(frontends.map((server) => new Promise((resolve) => server.close(resolve))));
  await app.services?.mailer.stopWorker();
});

interface Answer {
  status: number;
  body?: Record<string, unknown> | null;
  refused?: string;
}

async function openPage(origin: string): Promise<Page> {
  const page = await app.browser.newPage();
  await page.goto(origin, { waitUntil: "load" });
  return page;
}

const call = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    (api, m, p, b) => (globalThis as unknown as { call: (...args: unknown[]) => Promise<Answer> }).call(api, m, p, b),
    API,
    method,
    path,
    body,
  );

const screenshot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });

describe("a browser app on another origin of the same site", () => {
  it("signs up, signs in, reads the profile, posts, signs out and is refused after", async () => {
    const page = await openPage(FRONTEND);
    const email = `ada-${Date.now()}@example.com`;
    expect(
      (await call(page, "POST", "/api/auth/sign-up/email", { name: "Ada", email, password: "correct horse battery" }))
        .status,
    ).toBe(200);
    expect((await call(page, "POST", "/api/auth/sign-out")).status).toBe(200);
    expect(
      (await call(page, "POST", "/api/auth/sign-in/email", { email, password: "correct horse battery" })).status,
    ).toBe(200);
    const cookies = await app.browser.cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain("__Secure-auth.session_token");

    const profile = await call(page, "GET", "/api/profile");
    expect(profile.status).toBe(200);
    expect(profile.body?.user).toMatchObject({ email, name: "Ada", roles: ["USER"] });
    const post = await call(page, "POST", "/api/v2/posts/", {
      title: "From the browser",
      content: "Written by a page on another origin.",
    });
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({ title: "From the browser", visibility: "public" });

    expect((await call(page, "POST", "/api/auth/sign-out")).status).toBe(200);
    expect(await call(page, "GET", "/api/profile")).toEqual({ status: 401, body: { error: "No auth session" } });
    await screenshot(page, "1-frontend-session");
  });

  it("receives a notification on an EventSource when someone comments on its post", async () => {
    // Another user, from Node (as a server would call it: with an Origin the service trusts).
    const headers = { Origin: FRONTEND, "Content-Type": "application/json" };
    const signUp = await fetch(`${API}/api/auth/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Linus",
        email: `linus-${Date.now()}@example.com`,
        password: "correct horse battery",
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const page = await openPage(FRONTEND);
    const email = `grace-${Date.now()}@example.com`;
    expect(
      (await call(page, "POST", "/api/auth/sign-up/email", { name: "Grace", email, password: "correct horse battery" }))
        .status,
    ).toBe(200);
    const post = await call(page, "POST", "/api/v2/posts/", {
      title: "Comment on this",
      content: "Anyone may comment here.",
    });
    const stream = page.evaluate(
      (api) => (globalThis as unknown as { nextNotification: (api: string) => Promise<unknown> }).nextNotification(api),
      API,
    );
    await page.waitForFunction(
      () => (globalThis as unknown as { streamOpen?: Promise<boolean> }).streamOpen !== undefined,
    );
    await page.evaluate(() => (globalThis as unknown as { streamOpen: Promise<boolean> }).streamOpen);

    const comment = await fetch(`${API}/api/v2/posts/${String(post.body?.id)}/comments/`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ content: "Nice post" }),
    });
    expect(comment.status).toBe(201);
    expect(await stream).toMatchObject({ type: "comment", postId: post.body?.id });
    await screenshot(page, "2-frontend-notification");
  });

  it("refuses a page whose origin is not in CORS_ORIGINS", async () => {
    const page = await openPage(FOREIGN);
    const signIn = await call(page, "POST", "/api/auth/sign-in/email", {
      email: "ada@example.com",
      password: "correct horse battery",
    });
    expect(signIn.status).toBe(0);
    expect(signIn.refused).toMatch(/TypeError/);
    const read = await call(page, "GET", "/api/posts");
    expect(read.status).toBe(0);
    await screenshot(page, "3-foreign-origin-refused");
  });
});

const sessionCookie = async () =>
  (await app.browser.cookies()).find((cookie) => cookie.name === "__Secure-auth.session_token")?.value;

/** Types `text` into the visible form's field `name` and submits it; returns the status line the page then shows. */
async function submitForm(page: Page, form: string, name: string, text: string): Promise<string> {
  await page.type(`#${form} input[name="${name}"]`, text);
  await page.click(`#${form} button`);
  const status = await page.waitForSelector("#status:not(:empty)", { timeout: 20_000 });
  return status!.evaluate((line) => line.textContent ?? "");
}

describe("the forgot-password flow in a browser", () => {
  it("asks for a reset, follows the mailed link, sets a new password and signs in; the old session is gone", async () => {
    const page = await openPage(FRONTEND);
    const email = `hedy-${Date.now()}@example.com`;
    const signUp = { name: "Hedy Lamarr", email, password: "correct horse battery" };
    expect((await call(page, "POST", "/api/auth/sign-up/email", signUp)).status).toBe(200);
    expect((await call(page, "GET", "/api/profile")).status).toBe(200);
    const oldSession = await sessionCookie();

    await page.goto(`${FRONTEND}/forgot`, { waitUntil: "load" });
    expect(await submitForm(page, "forgot", "email", email)).toBe("Check your mail for the reset link.");
    await screenshot(page, "7-forgot-password");

    const [mail] = await smtp.waitForMail(email, "Reset your password");
    const link = linkIn(mail!);
    expect(link.origin).toBe(API);
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);
    // The API checks the token in the link and sends the browser on to the frontend's page with it.
    await page.goto(link.href, { waitUntil: "load" });
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(`${FRONTEND}/reset`);
    expect(landed.searchParams.get("token")).toBe(link.pathname.split("/").at(-1));
    expect(await submitForm(page, "reset", "newPassword", "a brand new passphrase")).toBe(
      "Your password has been changed.",
    );
    await screenshot(page, "8-reset-password");

    // The browser still holds and sends the session from before the reset, which no longer works.
    expect(await sessionCookie()).toBe(oldSession);
    expect(await call(page, "GET", "/api/profile")).toEqual({ status: 401, body: { error: "No auth session" } });
    expect((await call(page, "POST", "/api/auth/sign-in/email", { email, password: signUp.password })).status).toBe(
      401,
    );
    expect(
      (await call(page, "POST", "/api/auth/sign-in/email", { email, password: "a brand new passphrase" })).status,
    ).toBe(200);
    const profile = await call(page, "GET", "/api/profile");
    expect(profile.status).toBe(200);
    expect(profile.body?.user).toMatchObject({ email, name: "Hedy Lamarr" });
    await screenshot(page, "9-signed-in-with-new-password");
  });
});

/** Opens an operation of the Swagger UI page, sends it (with a JSON body if given) and returns the status shown. */
async function tryOperation(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  shot?: string,
): Promise<string | undefined> {
  const block = `.opblock-${method}:has(.opblock-summary-path[data-path="${path}"])`;
  await (await page.waitForSelector(`${block} .opblock-summary`, { timeout: 20_000 }))!.click();
  if (body !== undefined) {
    const editor = (await page.waitForSelector(`${block} textarea.body-param__text`))!;
    await editor.click();
    await page.keyboard.down("Control");
    await page.keyboard.press("A");
    await page.keyboard.up("Control");
    await page.keyboard.press("Backspace");
    await editor.type(JSON.stringify(body));
  }
  // The page starts with "Try it out" on: the operation's Execute button is already there.
  await (await page.waitForSelector(`${block} .execute`))!.click();
  const status = await page.waitForSelector(`${block} .live-responses-table tbody .response-col_status`, {
    timeout: 15_000,
  });
  if (shot) await (await page.$(block))!.screenshot({ path: `${SCREENSHOTS}${shot}.png` });
  return status!.evaluate((cell) => cell.textContent?.trim().slice(0, 3));
}

describe("the API reference at /api/docs", () => {
  it("renders, signs a developer up from the page, and a call made from it then succeeds", async () => {
    const page = await app.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const refusals: string[] = [];
    page.on(
      "console",
      (message) => void (/Content Security Policy/i.test(message.text()) && refusals.push(message.text())),
    );
    const missing: string[] = [];
    page.on(
      "response",
      (response) =>
        void (response.status() === 404 && !response.url().endsWith("/favicon.ico") && missing.push(response.url())),
    );
    await page.goto(`${API}/api/docs`, { waitUntil: "load" });
    await page.waitForSelector(".opblock", { timeout: 20_000 });
    await page.screenshot({ path: `${SCREENSHOTS}4-api-docs.png` });
    const signUp = { name: "Developer", email: `dev-${Date.now()}@example.com`, password: "correct horse battery" };
    expect(await tryOperation(page, "post", "/api/auth/sign-up/email", signUp, "5-api-docs-sign-up")).toBe("200");
    expect(await tryOperation(page, "get", "/api/profile", undefined, "6-api-docs-profile")).toBe("200");
    // Nothing the page needs is refused by its Content-Security-Policy or missing.
    expect(refusals).toEqual([]);
    expect(missing).toEqual([]);
  });
});
