import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router } from "express";

/**
 * The console's own files and nothing else: its scripts and style sheets, the API it calls on
 * this origin. No inline script or style, no frame around it, no form posted elsewhere.
 */
export const ADMIN_CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// A year, the longest lifetime caches honour: an asset's name holds its content's hash, so a new
// build is new names, never a changed file.
const ASSET_CACHING = "public, max-age=31536000, immutable";

/**
 * The built console in the project's dist/admin/, found from this module upwards (src/http under
 * tsx and tests, the bundle in dist/ once built), or undefined when it was not built.
 */
export function findAdminConsole(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, "dist", "admin");
    if (existsSync(join(candidate, "index.html"))) return candidate;
    if (existsSync(join(dir, "package.json"))) return undefined;
  }
  return undefined;
}

/**
 * Serves the console from disk at /admin/: hashed assets cached for good, and index.html, never
 * cached, for every other path under /admin/ (each screen's own URL, which the page's router reads).
 */
export function adminConsole(dir: string): Router {
  const router = Router();
  const index = join(dir, "index.html");
  router.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", ADMIN_CONSOLE_POLICY);
    next();
  });
  // The API's own no-store stays unless replaced: serve-static would keep it, so the header is set here.
  const assets = express.static(join(dir, "assets"), {
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader("Cache-Control", ASSET_CACHING),
  });
  router.use("/assets", assets);
  // Middleware rather than a route: these are the console's pages, not operations of the API.
  router.use((req, res, next) => {
    // A missing asset is the API's JSON 404, not a page the browser would try to run.
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/assets/")) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return router;
}
