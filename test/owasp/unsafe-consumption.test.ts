// OWASP API Security Top 10 (2023), API10: the data the service consumes from its dependencies (the
// database's rows, better-auth's answers) is held to the same rules as a client's input.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp } from "../factories.js";
import { fillPath, roleRoutes } from "../route-rules.js";
import { send, useOwaspApp } from "./helpers.js";

const { t, routes } = useOwaspApp();

describe("API10:2023 Unsafe Consumption of APIs", () => {
  // The service calls no third-party API: nothing it serves is built from another service's
  // answer. What it does consume is its own dependencies' data: better-auth's session and the
  // database's rows. These tests hold that data to the same rules as a client's input.
  it("cannot hold a role value the service does not know: the database refuses it", async () => {
    const user = await signUp(t);
    await expect(
      t.database.db.execute(sql`update users set roles = array['SUPERUSER']::role[] where id = ${user.id}`),
    ).rejects.toThrow();
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual(["USER"]);
  });

  it("grants nothing to a user whose stored roles are empty", async () => {
    const user = await signUp(t);
    await t.database.db.execute(sql`update users set roles = '{}'::role[] where id = ${user.id}`);
    for (const route of roleRoutes(routes)) {
      expect((await send(t.http, route.method, fillPath(route.path), { cookie: user.cookie })).status, route.line).toBe(
        403,
      );
    }
    expect((await t.http.get("/api/profile").set("Cookie", user.cookie)).body.user.roles).toEqual([]);
  });

  it("passes better-auth's own errors on as JSON and never its HTML error page", async () => {
    const res = await t.http.get("/api/auth/error?error=anything");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });
});
