import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

export const REQUEST_ID_HEADER = "X-Request-Id";

// Enough for a UUID, a trace id or a load balancer's own id; nothing that could forge a log line.
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

export interface RequestContext {
  readonly requestId: string;
  /** The W3C trace id a proxy sent in `traceparent`, when well-formed. */
  readonly traceId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The ids of the request being handled, wherever in its async chain the caller is; undefined outside one. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

// version-traceid-parentid-flags, lower-case hex; a later version may append fields after a dash.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-.*)?$/;

/**
 * The trace id of a well-formed W3C `traceparent` header: version ff and all-zero ids are invalid,
 * and version 00 has nothing after its flags. Anything else is ignored, as a tracer would.
 */
export function traceIdOf(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 512) return undefined;
  const match = TRACEPARENT.exec(header);
  if (!match) return undefined;
  const [, version, traceId, parentId, rest] = match;
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return undefined;
  return traceId;
}

/**
 * Takes the caller's `X-Request-Id` when well-formed (so one id follows a request through a proxy
 * and this service), otherwise makes one; echoes it and makes it visible to every log line, with
 * the trace id of a `traceparent` header (so a request can be followed across a load balancer).
 */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get(REQUEST_ID_HEADER);
  const id = given !== undefined && WELL_FORMED.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  const traceId = traceIdOf(req.get("traceparent"));
  storage.run(traceId === undefined ? { requestId: id } : { requestId: id, traceId }, next);
};
