import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

export const REQUEST_ID_HEADER = "X-Request-Id";

// Enough for a UUID, a trace id or a load balancer's own id; nothing that could forge a log line.
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

interface RequestContext {
  readonly requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being handled, wherever in its async chain the caller is; undefined outside one. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Takes the caller's `X-Request-Id` when well-formed (so one id follows a request through a proxy
 * and this service), otherwise makes one; echoes it and makes it visible to every log line.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get(REQUEST_ID_HEADER);
  const id = given !== undefined && WELL_FORMED.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  storage.run({ requestId: id }, next);
};
