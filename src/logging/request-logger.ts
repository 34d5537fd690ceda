import type { RequestHandler } from "express";
import morgan from "morgan";
import { type Logger, redactUrl } from "./logger.js";

morgan.token("redacted-url", (req) => redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? ""));

/**
 * One `http`-level line per request, once its response has ended: method, URL (secrets redacted),
 * status, and the time from the request to the end of its response (a live stream's: how long it
 * was open, not when its headers went).
 */
export function requestLogger(logger: Logger): RequestHandler {
  // Below `http` (LOG_LEVEL=warn, say) every line would be dropped: not even timed and formatted.
  if (!logger.isLevelEnabled("http")) return (_req, _res, next) => next();
  // `GET /health` never gets here (app.ts answers it first): the probe runs every few seconds and
  // would drown everything else.
  return morgan(":method :redacted-url :status :total-time ms", {
    stream: { write: (line) => void logger.http(line.trimEnd()) },
  });
}
