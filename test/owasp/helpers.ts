// What the OWASP API Security Top 10 files (test/owasp/*.test.ts) share: the app each file starts
// with the route table it serves, the second apps some categories hold it against, and the
// request helpers.
import type supertest from "supertest";
import { sql } from "drizzle-orm";
import { beforeAll } from "vitest";
import { useSecondApp } from "../factories.js";
import { type TestApp, useTestApp } from "../harness.js";
import { type Route, servedRoutes } from "../route-rules.js";

export const ALLOWED_ORIGIN = "http://app.example";
export const DEV_ADMIN_KEY = "owasp-dev-admin-key-0123456789";
const PRODUCTION_SECRET = "a-production-secret-of-at-least-32-characters";

/**
 * The file's app, which trusts one browser origin, and the routes it serves, read once it has
 * started (test/route-rules.ts classifies every route; a route it does not know fails the
 * inventory file).
 */
export function useOwaspApp() {
  const t = useTestApp({ CORS_ORIGINS: ALLOWED_ORIGIN });
  const routes: Route[] = [];
  beforeAll(() => {
    routes.push(...servedRoutes(t));
  });

  /** Rows of a table as the database holds them, to compare before and after an attack. */
  async function rowsOf(
    table: "users" | "posts" | "comments" | "notifications" | "accounts" | "sessions" | "mail_outbox",
    column: string,
    ids: string[],
  ) {
    const values = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const result = await t.database.db.execute(
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} in (${values}) order by id`,
    );
    return (result as { rows: Record<string, unknown>[] }).rows;
  }

  return { t, routes, rowsOf };
}

// The same service in other modes, beside the file's app and on its database.
export const useDevelopmentApp = (t: TestApp) =>
  useSecondApp(t, { NODE_ENV: "development", DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY });
export const useProductionApp = (t: TestApp) =>
  useSecondApp(t, {
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: PRODUCTION_SECRET,
    DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY,
    RATE_LIMIT_ENABLED: "false",
  });
export const useTestModeWithKeyApp = (t: TestApp) => useSecondApp(t, { DEV_MODE_ADMIN_KEY: DEV_ADMIN_KEY });
// Clients behind a proxy on loopback and a second one in 10.0.0.0/8: X-Forwarded-For names them.
export const useAuthRateLimitedApp = (t: TestApp) =>
  useSecondApp(t, {
    RATE_LIMIT_ENABLED: "true",
    RATE_LIMIT_AUTH: "3",
    RATE_LIMIT_GLOBAL: "1000",
    TRUST_PROXY: "loopback, 10.0.0.0/8",
  });
export const useGloballyRateLimitedApp = (t: TestApp) =>
  useSecondApp(t, {
    RATE_LIMIT_ENABLED: "true",
    RATE_LIMIT_GLOBAL: "5",
    TRUST_PROXY: "loopback",
  });

export type Http = ReturnType<typeof supertest>;
type Method = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

interface SendOptions {
  cookie?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** One request, its method named by a string as the route table names it. */
export function send(http: Http, method: string, path: string, options: SendOptions = {}) {
  let request = http[method.toLowerCase() as Method](path);
  if (options.cookie) request = request.set("Cookie", options.cookie);
  for (const [name, value] of Object.entries(options.headers ?? {})) request = request.set(name, value);
  if (options.query) request = request.query(options.query);
  if (options.body !== undefined) request = request.send(options.body as object);
  return request;
}

export const validPost = { title: "A valid title", content: "Content long enough to pass." };
