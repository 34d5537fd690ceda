import express, { Router } from "express";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { createApp } from "../../src/app.js";
import { formatEntry } from "./changelog.js";
import { diffTables } from "./normal-diff.js";
import { checkRoutes } from "./route-changes.js";
import { routeTableOf } from "./table.js";

const t = useTestApp();

/** The changelog a project would hold after recording exactly this table. */
const changelogFor = (table: readonly string[]) =>
  formatEntry({ timestamp: "2026-11-23T07:40:00Z", tag: "v1.0.0", hunks: diffTables([], table) });

const ok = (_req: express.Request, res: express.Response) => {
  res.json({});
};

describe("route table", () => {
  it("lists the app's routes as sorted METHOD path lines, better-auth as one ALL line", () => {
    const table = routeTableOf(createApp(t));
    expect(table).toEqual([...new Set(table)].sort());
    expect(table).toEqual(
      expect.arrayContaining([
        "ALL /api/auth/*",
        "GET /health",
        "GET /api/posts",
        "GET /api/posts/:id",
        "PUT /api/users/:id/roles",
      ]),
    );
    expect(table.filter((line) => line.includes("/api/auth"))).toEqual(["ALL /api/auth/*"]);
    for (const line of table) expect(line).toMatch(/^(ALL|DELETE|GET|PATCH|POST|PUT) \/\S*$/);
  });

  it("reads nested routers, mount paths, path lists and all-method routes", () => {
    const app = express();
    const comments = Router();
    comments.get("/comments/", ok);
    comments.delete("/comments/:commentId/", ok);
    const posts = Router();
    posts.use("/posts/:id", comments);
    posts.route("/posts/").get(ok).post(ok);
    app.use("/api/v2", posts);
    app.all("/files/*path", ok);
    app.get(["/a", "/b"], ok);
    app.use((_req, res) => {
      res.status(404).json({});
    });
    expect(routeTableOf(app)).toEqual([
      "ALL /files/*",
      "DELETE /api/v2/posts/:id/comments/:commentId/",
      "GET /a",
      "GET /api/v2/posts/",
      "GET /api/v2/posts/:id/comments/",
      "GET /b",
      "POST /api/v2/posts/",
    ]);
  });

  it("refuses a mounted sub-app, whose routes Express hides", () => {
    const app = express();
    const admin = express();
    admin.get("/stats", ok);
    app.use("/admin", admin);
    expect(() => routeTableOf(app)).toThrow("A sub-app mounted at /admin hides its routes: mount a Router instead");
  });
});

describe("route check", () => {
  it("passes when the changelog records what the app serves", () => {
    const table = routeTableOf(createApp(t));
    expect(checkRoutes(changelogFor(table), table)).toEqual({ unrecorded: [], unserved: [], hunks: [] });
  });

  it("fails on a route added to the app but not to the changelog", () => {
    const recorded = changelogFor(routeTableOf(createApp(t)));
    const app = createApp(t);
    app.get("/api/reports/:id", ok);
    const result = checkRoutes(recorded, routeTableOf(app));
    expect(result.unrecorded).toEqual(["GET /api/reports/:id"]);
    expect(result.unserved).toEqual([]);
  });

  it("fails on a route the changelog records but the app no longer serves", () => {
    const app = createApp(t);
    app.use("/api", Router().delete("/reports/:id", ok));
    const recorded = changelogFor(routeTableOf(app));
    const result = checkRoutes(recorded, routeTableOf(createApp(t)));
    expect(result.unserved).toEqual(["DELETE /api/reports/:id"]);
    expect(result.unrecorded).toEqual([]);
  });
});
