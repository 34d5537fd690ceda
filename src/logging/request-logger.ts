import type { RequestHandler } from "express";
import morgan from "morgan";
import { type Logger, redactUrl } from "./logger.js";

morgan.token("redacted-url", (req) => redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? ""));

/** One `http`-level line per request: method, URL (secrets redacted), status, response time. */
export function requestLogger(logger: Logger): RequestHandler {
  // Below `http` (LOG_LEVEL=warn, say) every line would be dropped: not even timed and formatted.
  if (!logger.isLevelEnabled("http")) return (_req, _res, next) => next();
  // `GET /health` never gets here (app.ts answers it first): the probe runs every few seconds and
  // would drown everything else.
  return morgan(":method :redacted-url :status :response-time ms", {
    stream: { write: (line) => void logger.http(line.trimEnd()) },
  });
}
