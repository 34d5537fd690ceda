import { afterAll, beforeAll } from "vitest";
import { MemoryTransport, type StartAppOptions, type StartedApp, startApp } from "./start-app.js";
import type { ResponseConformance } from "./openapi-conformance.js";

export { MemoryTransport };

export interface TestApp extends StartedApp {
  /** Every response of this file's apps, held to the OpenAPI document; the file fails on a mismatch. */
  conformance: ResponseConformance;
}

/**
 * The test file's app, started before its tests on a fresh database (see `startApp`) and closed
 * after them. `env` may be a function, read when the app starts, for a setting known only then
 * (another server's port).
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  return useStartedApp(() => ({ env: typeof env === "function" ? env() : env })) as TestApp;
}

/**
 * An app started by `startApp` before the file's tests and closed after them; its fields are there
 * once the tests run. Call at the top level of a test file; `options` is read when it starts.
 */
export function useStartedApp(options: () => StartAppOptions): StartedApp {
  const context = {} as StartedApp;
  beforeAll(async () => {
    Object.assign(context, await startApp(options()));
  });
  afterAll(async () => {
    await context.close?.();
    const mismatches = options().beside ? [] : (context.conformance?.mismatches ?? []);
    if (mismatches.length > 0) {
      throw new Error(
        `${mismatches.length} responses differ from the OpenAPI document:\n${mismatches.slice(0, 20).join("\n")}`,
      );
    }
  });
  return context;
}
