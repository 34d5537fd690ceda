import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as OTPAuth from "otpauth";
import type { Page } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { setUserRoles } from "../../src/users/service.js";
import { mailOutbox } from "../../src/db/schema.js";
import type { Role } from "../../src/roles.js";
import { browserOrigin, browserTestPort, SCREENSHOTS, useBrowserApp } from "./browser-app.js";

// The console on the API's own origin, as npm start serves it, in production mode (the __Secure- cookie).
const API = browserOrigin(browserTestPort(10));
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const app = useBrowserApp(API);

interface Person {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
}

let people = 0;
/** A user signed up over HTTP as a client would, with roles set as an operator would. */
async function person(name: string, roles: Role[] = ["USER"]): Promise<Person> {
  people += 1;
  const email = `person-${people}-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const res = await fetch(`${API}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: API },
    body: JSON.stringify({ name, email, password }),
  });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  await setUserRoles(app.services.database.db, user.id, roles);
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  return { id: user.id, name, email, password, cookie };
}

const call = (path: string, cookie?: string, init: RequestInit = {}) =>
  fetch(API + path, {
    ...init,
    headers: { "Content-Type": "application/json", Origin: API, ...(cookie ? { Cookie: cookie } : {}) },
  });

/** No serious or critical accessibility violation on the screen shown, and a screenshot of it. */
async function check(page: Page, name: string): Promise<void> {
  // Evaluated through DevTools: the page's policy rightly refuses an injected inline script.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string }[] }> } }
    ).axe;
    return (await axe.run()).violations.map(({ id, impact }) => ({ id, impact }));
  });
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    name,
  ).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}admin-${name}.png`, fullPage: true });
}

async function signInThroughTheForm(who: Person, width = 1280): Promise<Page> {
  const context = await app.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height: 800 });
  await page.goto(`${API}/admin/`, { waitUntil: "load" });
  await page.waitForSelector("input[name=email]");
  await check(page, "sign-in");
  await page.type("input[name=email]", who.email);
  await page.type("input[name=password]", who.password);
  await page.keyboard.press("Enter");
  return page;
}

const waitForText = (page: Page, text: string) =>
  page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(text)})`, { timeout: 15_000 });

async function clickButton(page: Page, text: string): Promise<void> {
  const button = await page.waitForSelector(`::-p-xpath(//button[normalize-space()=${JSON.stringify(text)}])`);
  await button!.click();
}

describe("the admin console in Chromium", () => {
  it("lets an ADMIN find a user, change a role, revoke a session and hide a post, each in the audit trail", async () => {
    const admin = await person("Ada Admin", ["ADMIN"]);
    const target = await person("Tim Target");
    const author = await person("Pia Poster");
    const created = await call("/api/v2/posts/", author.cookie, {
      method: "POST",
      body: JSON.stringify({ title: "Spam for the console", content: "Buy now, limited offer." }),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: string };

    const page = await signInThroughTheForm(admin, 375);
    await waitForText(page, "Users by role");
    await check(page, "dashboard");

    await page.goto(`${API}/admin/users?search=${encodeURIComponent(target.email)}`, { waitUntil: "load" });
    await page.waitForSelector(`a[href="/admin/users/${target.id}"]`);
    await check(page, "users");
    await page.click(`a[href="/admin/users/${target.id}"]`);
    await waitForText(page, "Revoke session");
    await page.click("input[value=MODERATOR]");
    await clickButton(page, "Save roles");
    await waitForText(page, `Roles of Tim Target <${target.email}> saved`);
    expect(
      ((await (await call("/api/profile", target.cookie)).json()) as { user: { roles: string[] } }).user.roles,
    ).toContain("MODERATOR");

    await clickButton(page, "Revoke session");
    await waitForText(page, "Session revoked");
    await check(page, "user");
    expect((await call("/api/profile", target.cookie)).status).toBe(401);

    await page.goto(`${API}/admin/posts`, { waitUntil: "load" });
    await clickButton(page, "Hide “Spam for the console”");
    await waitForText(page, "“Spam for the console” hidden");
    await check(page, "posts");
    const anonymous = (await (await call("/api/v2/posts/")).json()) as { results: { id: string }[] };
    expect(anonymous.results.map((p) => p.id)).not.toContain(post.id);

    await page.goto(`${API}/admin/audit`, { waitUntil: "load" });
    await waitForText(page, "post.moderate");
    const trail = await page.evaluate("document.body.innerText");
    expect(trail).toContain("user.set_roles");
    expect(trail).toContain("user.revoke_session");
    expect(trail).toContain(`Tim Target <${target.email}>`);
    expect(trail).toContain(`Ada Admin <${admin.email}>`);
    await check(page, "audit");

    await page.goto(`${API}/admin/notifications`, { waitUntil: "load" });
    await page.waitForSelector("input[name=userId]");
    await check(page, "notifications");
  });

  it("lets an ADMIN read the mail outbox at 375 px and retry a failed message from the keyboard", async () => {
    const admin = await person("Ada Mail", ["ADMIN"]);
    const recipient = `bounced-${Date.now()}@example.com`;
    const [failed] = await app.services.database.db
      .insert(mailOutbox)
      .values({
        kind: "verify-email",
        recipient,
        messageId: `<browser-${Date.now()}@posts.test>`,
        payload: "sealed values",
        status: "failed",
        attempts: 2,
        lastError: "refused: EENVELOPE 550",
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    const page = await signInThroughTheForm(admin, 375);
    await waitForText(page, "Users by role");
    await page.click('a[href="/admin/mail"]');
    await waitForText(page, "refused: EENVELOPE 550");
    await page.select("select[name=status]", "failed");
    await page.focus("select[name=status]");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForFunction(`location.search === "?status=failed"`);
    await waitForText(page, "Confirm your email address");
    await check(page, "mail");
    // The table scrolls in its own box; the page itself does not scroll sideways.
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375);
    const retry = await page.waitForSelector(
      `::-p-xpath(//button[normalize-space()=${JSON.stringify(`Retry mail to ${recipient}`)}])`,
    );
    await retry!.focus();
    await page.keyboard.press("Enter");
    await waitForText(page, `The message to ${recipient} is queued again`);
    const listed = (await (await call("/api/v2/admin/mail/?status=pending", admin.cookie)).json()) as {
      results: { id: string }[];
    };
    expect(listed.results.map((mail) => mail.id)).toContain(failed!.id);
    await page.goto(`${API}/admin/audit?action=mail.retry`, { waitUntil: "load" });
    await waitForText(page, "mail.retry");
  });

  it("filters users by role and posts by status from the keyboard; a user's page lists posts and comments", async () => {
    const admin = await person("Ada Filters", ["ADMIN"]);
    const moderator = await person("Mo Filtered", ["MODERATOR"]);
    const author = await person("Cora Commenter");
    const created = await call("/api/v2/posts/", author.cookie, {
      method: "POST",
      body: JSON.stringify({ title: "Filtered away", content: "A post to hide and find again." }),
    });
    const post = (await created.json()) as { id: string };
    const commented = await call(`/api/v2/posts/${post.id}/comments/`, author.cookie, {
      method: "POST",
      body: JSON.stringify({ content: "My own remark on it" }),
    });
    expect(commented.status).toBe(201);
    expect(
      (
        await call("/api/moderate", admin.cookie, {
          method: "POST",
          body: JSON.stringify({ postId: post.id, action: "hide" }),
        })
      ).status,
    ).toBe(200);

    const page = await signInThroughTheForm(admin, 375);
    await waitForText(page, "Users by role");
    await page.goto(`${API}/admin/users`, { waitUntil: "load" });
    await page.waitForSelector("select[name=role]");
    await page.focus("select[name=role]");
    await page.select("select[name=role]", "MODERATOR");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForFunction(`location.search === "?role=MODERATOR"`);
    await page.waitForSelector(`a[href="/admin/users/${moderator.id}"]`);
    expect(await page.$(`a[href="/admin/users/${author.id}"]`)).toBeNull();
    await check(page, "users-by-role");

    await page.goto(`${API}/admin/posts?status=hidden&author=${author.id}`, { waitUntil: "load" });
    await waitForText(page, "Restore “Filtered away”");
    expect(await page.evaluate(`document.querySelector("select[name=status]").value`)).toBe("hidden");
    await check(page, "posts-hidden");
    await page.goto(`${API}/admin/posts?status=visible&author=${author.id}`, { waitUntil: "load" });
    await waitForText(page, "0 posts");

    await page.goto(`${API}/admin/users/${author.id}`, { waitUntil: "load" });
    await waitForText(page, "My own remark on it");
    const text = (await page.evaluate("document.body.innerText")) as string;
    expect(text).toContain("Filtered away (hidden)");
    await check(page, "user-activity");
  });

  it("asks an ADMIN with two-factor sign-in for the code after the password, and signs in with it", async () => {
    const admin = await person("Tess Twofactor", ["ADMIN"]);
    const enabled = await call("/api/auth/two-factor/enable", admin.cookie, {
      method: "POST",
      body: JSON.stringify({ password: admin.password }),
    });
    expect(enabled.status).toBe(200);
    const totp = OTPAuth.URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    // The plugin accepts one period either side; the enrolment's code is refused once used.
    const codeAt = (periods: number) => totp.generate({ timestamp: Date.now() + periods * 30_000 });
    const confirmed = await call("/api/auth/two-factor/verify-totp", admin.cookie, {
      method: "POST",
      body: JSON.stringify({ code: codeAt(0) }),
    });
    expect(confirmed.status).toBe(200);
    const valid = new Set([-1, 0, 1].map(codeAt));
    const wrong = ["000000", "111111", "222222"].find((code) => !valid.has(code))!;

    const page = await signInThroughTheForm(admin, 375);
    await page.waitForSelector("input[name=code]");
    // The focus moved to the code field: the code is typed straight away.
    expect(await page.evaluate(`document.activeElement?.getAttribute("name")`)).toBe("code");
    // A field of its own, empty: not the email field reused.
    expect(await page.evaluate(`document.querySelector("input[name=code]").value`)).toBe("");
    expect(await page.evaluate("document.body.innerText")).not.toContain("Users by role");
    await check(page, "sign-in-code");
    await page.keyboard.type(wrong);
    await page.keyboard.press("Enter");
    await waitForText(page, "Wrong code");
    await page.click("input[name=code]", { count: 3 });
    await page.keyboard.type(codeAt(1));
    await page.keyboard.press("Enter");
    await waitForText(page, "Users by role");
    expect(await page.evaluate("document.body.innerText")).toContain("Tess Twofactor (ADMIN)");
  });

  it("lets a MODERATOR moderate and offers no role changes", async () => {
    const moderator = await person("Mo Moderator", ["MODERATOR"]);
    const author = await person("Pia Poster");
    const created = await call("/api/v2/posts/", author.cookie, {
      method: "POST",
      body: JSON.stringify({ title: "Borderline post", content: "Hmm, is this allowed here?" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const page = await signInThroughTheForm(moderator);
    await waitForText(page, "Users by role");
    expect(await page.$('a[href="/admin/users"]')).toBeNull();
    await page.goto(`${API}/admin/posts`, { waitUntil: "load" });
    await clickButton(page, "Hide “Borderline post”");
    await waitForText(page, "“Borderline post” hidden");
    await page.goto(`${API}/admin/users/${author.id}`, { waitUntil: "load" });
    await waitForText(page, "for administrators (403)");
    expect(await page.$("input[name=roles]")).toBeNull();
    await check(page, "moderator-users");
  });

  it("shows a USER the not-allowed page and no data", async () => {
    const user = await person("Uma User");
    const page = await signInThroughTheForm(user);
    await waitForText(page, "Not allowed");
    expect(await page.evaluate("document.body.innerText")).not.toContain("Users by role");
    await check(page, "not-allowed");
  });
});
