import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { findAdminConsole } from "./admin-console.js";

const t = useTestApp();

describe("the admin console's files", () => {
  it("answers every screen's URL with the page, never cached, under a strict policy", async () => {
    for (const path of [
      "/admin/",
      "/admin",
      "/admin/users",
      "/admin/users/abc",
      "/admin/posts",
      "/admin/audit",
      "/admin/mail",
    ]) {
      const res = await t.http.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(res.headers["content-security-policy"]).not.toContain("unsafe-inline");
      expect(res.text).toMatch(/<script type="module" crossorigin src="\/admin\/assets\/index-[\w-]+\.js">/);
    }
  });

  it("caches a hashed asset for good and answers a missing one with the JSON 404", async () => {
    const assets = join(findAdminConsole()!, "assets");
    const script = readdirSync(assets).find((name) => name.endsWith(".js"))!;
    const res = await t.http.get(`/admin/assets/${script}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await t.http.get("/admin/assets/missing.js");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "not_found" });
  });

  it("leaves writes under /admin/ to the API's 404", async () => {
    const res = await t.http.post("/admin/users").send({});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found" });
    expect(existsSync(join(findAdminConsole()!, "index.html"))).toBe(true);
  });
});
