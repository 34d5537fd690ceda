import type { RequestHandler } from "express";
import type { Config } from "../config.js";
import { crossSiteRequest } from "./errors.js";
import { SAFE_METHODS } from "./methods.js";

/**
 * A second layer against cross-site request forgery on the service's own routes (better-auth
 * checks its own): an unsafe request that a browser marks as coming from another site is refused,
 * as Go's net/http CrossOriginProtection does. Today a cross-site write cannot be sent with a JSON
 * body without a preflight, which CORS refuses; this keeps it so if a route ever reads a form, or
 * the CORS policy is relaxed. Trusted are the CORS_ORIGINS and BETTER_AUTH_URL's origin (the
 * origins better-auth trusts). A browser states where a request comes from (`Sec-Fetch-Site`,
 * `Origin`) and a page cannot forge either; requests without them (curl, other servers) carry no
 * ambient browser cookie to abuse, and pass.
 */
export function refuseCrossSiteWrites(config: Pick<Config, "corsOrigins" | "authUrl">): RequestHandler {
  const trusted = new Set([...config.corsOrigins, new URL(config.authUrl).origin]);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("sec-fetch-site");
    // The browser itself says the request comes from this origin, or from no page at all (the address bar).
    if (site === "same-origin" || site === "none") return next();
    const origin = req.get("origin");
    if (origin !== undefined ? !trusted.has(origin) : site === "cross-site") throw crossSiteRequest();
    next();
  };
}
