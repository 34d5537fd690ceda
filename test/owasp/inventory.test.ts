// OWASP API Security Top 10 (2023), API9: the service serves exactly the routes it records and
// classifies, and of better-auth only the endpoints the README lists.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHANGELOG_FILE } from "../../tools/routes/changelog.js";
import { checkRoutes } from "../../tools/routes/route-changes.js";
import { signUp } from "../factories.js";
import { fillPath, ROUTE_ACCESS } from "../route-rules.js";
import { send, useOwaspApp } from "./helpers.js";

const { t, routes } = useOwaspApp();

describe("API9:2023 Improper Inventory Management", () => {
  it("serves exactly the routes the changelog records", () => {
    const changelog = readFileSync(new URL(`../../${CHANGELOG_FILE}`, import.meta.url), "utf8");
    const result = checkRoutes(
      changelog,
      routes.map((route) => route.line),
    );
    expect({ unrecorded: result.unrecorded, unserved: result.unserved }).toEqual({ unrecorded: [], unserved: [] });
  });

  it("classifies every served route as public, session or role (test/route-rules.ts), and only served routes", () => {
    expect(routes.filter((route) => !route.access).map((route) => route.line)).toEqual([]);
    const served = new Set(routes.map((route) => route.line));
    expect(Object.keys(ROUTE_ACCESS).filter((line) => !served.has(line))).toEqual([]);
  });

  it("offers of better-auth only the email and password endpoints, two-factor sign-in, passkeys and the mailed flows; the rest answer as unknown endpoints", async () => {
    // The calls a client may make, as the README lists them. Written out rather than imported from
    // the handler: an endpoint added there must be added here too, so widening what better-auth
    // serves is a visible decision, not a side effect.
    const inventory = [
      "POST /api/auth/sign-up/email",
      "POST /api/auth/sign-in/email",
      "POST /api/auth/sign-out",
      "GET /api/auth/get-session",
      "POST /api/auth/update-user",
      "POST /api/auth/change-password",
      "GET /api/auth/list-sessions",
      "POST /api/auth/revoke-session",
      "POST /api/auth/revoke-sessions",
      "POST /api/auth/revoke-other-sessions",
      "POST /api/auth/request-password-reset",
      "GET /api/auth/reset-password/x",
      "POST /api/auth/reset-password",
      "POST /api/auth/send-verification-email",
      "GET /api/auth/verify-email",
      "POST /api/auth/change-email",
      "POST /api/auth/two-factor/enable",
      "POST /api/auth/two-factor/get-totp-uri",
      "POST /api/auth/two-factor/verify-totp",
      "POST /api/auth/two-factor/verify-backup-code",
      "POST /api/auth/two-factor/generate-backup-codes",
      "POST /api/auth/two-factor/disable",
      "GET /api/auth/passkey/generate-register-options",
      "POST /api/auth/passkey/verify-registration",
      "GET /api/auth/passkey/generate-authenticate-options",
      "POST /api/auth/passkey/verify-authentication",
      "GET /api/auth/passkey/list-user-passkeys",
      "POST /api/auth/passkey/delete-passkey",
    ];
    const endpoints = Object.values(
      t.auth.api as Record<
        string,
        { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }
      >,
    )
      .filter((endpoint) => endpoint.path && !endpoint.options?.metadata?.SERVER_ONLY)
      .map((endpoint) => ({ path: endpoint.path!, method: [endpoint.options?.method ?? "GET"].flat()[0]! }));
    expect(endpoints.length).toBeGreaterThan(inventory.length);
    const user = await signUp(t);
    const answered: string[] = [];
    for (const { path, method } of endpoints) {
      const verb = method === "*" ? "GET" : method;
      const url = `/api/auth${fillPath(path, {}, "x")}`;
      const call = `${verb} ${url}`;
      const res = await send(t.http, verb, url, {
        cookie: user.cookie,
        headers: { Origin: t.config.authUrl },
        body: method === "GET" ? undefined : {},
      });
      expect(res.headers["content-type"], call).toMatch(/^application\/json/);
      if (res.body.code === "not_found")
        expect(res.body, call).toMatchObject({ error: "Endpoint not found", code: "not_found" });
      else answered.push(call);
    }
    expect(answered.sort()).toEqual(inventory.sort());
  });

  it("serves no route outside /api but the probes", () => {
    expect(routes.filter((route) => !route.path.startsWith("/api/")).map((route) => route.line)).toEqual([
      "GET /health",
      "GET /ready",
    ]);
  });
});
