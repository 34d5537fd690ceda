import type { FinishedRequest, RequestObserver } from "../http/finished-requests.js";
import { type Logger, redactUrl } from "./logger.js";

/**
 * One `http`-level line per request, once its response has ended: method, URL (secrets redacted),
 * status, and the time from the request to the end of its response (a live stream's: how long it
 * was open, not when its headers went). With `fields` (production, whose log is JSON for a
 * collector), the line also carries each of them as a field of its own, with the route template,
 * the bytes sent, the user and the client. Undefined below `http`, where every line would be dropped.
 */
export function requestLogger(logger: Logger, { fields }: { fields: boolean }): RequestObserver | undefined {
  if (!logger.isLevelEnabled("http")) return undefined;
  // `GET /health` never gets here (app.ts answers it first): the probe runs every few seconds and
  // would drown everything else. A ready answer from `/ready` goes to the debug level for the same
  // reason; one that is not ready stays a request line.
  return (finished) => {
    const { req, res, durationMs } = finished;
    const path = redactUrl(req.originalUrl);
    const message = `${req.method} ${path} ${res.statusCode} ${durationMs.toFixed(3)} ms`;
    const ids = { requestId: finished.requestId, traceId: finished.traceId };
    const level = finished.probe && res.statusCode === 200 ? "debug" : "http";
    logger.log(level, message, withoutUndefined(fields ? { ...ids, ...requestFields(finished, path) } : ids));
  };
}

// An absent user or trace is no field at all, rather than one the text format would print as undefined.
function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

function requestFields({ req, res, durationMs, route, bytes }: FinishedRequest, path: string) {
  // While an admin impersonates someone, the admin sent the request: userId is theirs.
  const actor = req.actor;
  return {
    method: req.method,
    route,
    path,
    status: res.statusCode,
    durationMs: Math.round(durationMs * 1000) / 1000,
    bytes,
    userId: actor ? (actor.impersonatedBy?.id ?? actor.id) : undefined,
    impersonatedUserId: actor?.impersonatedBy ? actor.id : undefined,
    ip: req.ip,
    userAgent: req.get("user-agent"),
  };
}
