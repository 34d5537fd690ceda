import { once } from "node:events";
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logging/logger.js";
import { openServices, type Services } from "../../src/services.js";

// How every browser test file starts the app and Chromium. The app runs in the test's own process,
// so a test can act on its database as an operator would (roles, the mail outbox).

/** Where screenshots go: CI keeps this folder as the run's artifacts. */
export const SCREENSHOTS = fileURLToPath(new URL("../../.ci/artifacts/browser/", import.meta.url));

/**
 * A port of its own for each file, `offset` above BROWSER_TEST_PORT (3520 by default): the files
 * run one after another, but a port still held by the previous file must not fail the next.
 */
export function browserTestPort(offset: number): number {
  return Number(process.env.BROWSER_TEST_PORT ?? 3520) + offset;
}

/**
 * The origin Chromium reaches a port on: localhost, the one host where it keeps a __Secure- cookie
 * over plain http, which the production settings give the session.
 */
export function browserOrigin(port: number): string {
  return `http://localhost:${port}`;
}

export interface BrowserApp {
  readonly services: Services;
  readonly browser: Browser;
}

/**
 * The app at `origin` in production mode on an in-memory database, and Chromium, started before the
 * file's tests and closed after them; the fields are there once the tests run. `env` (settings over
 * the suite's own) is read when the app starts, after the hooks registered before this call ran.
 */
export function useBrowserApp(origin: string, env: () => Record<string, string> = () => ({})): BrowserApp {
  const context = {} as { services: Services; browser: Browser };
  let server: Server | undefined;
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "pglite:memory",
      BETTER_AUTH_SECRET: "browser-suite-secret-0123456789abcdef",
      BETTER_AUTH_URL: origin,
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "error",
      ...env(),
    });
    context.services = await openServices(config, createLogger(config));
    server = createApp(context.services).listen(Number(new URL(origin).port), "127.0.0.1");
    await once(server, "listening");
    mkdirSync(SCREENSHOTS, { recursive: true });
    context.browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox"],
    });
  });
  afterAll(async () => {
    await context.browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await context.services?.database.close();
  });
  return context;
}
