import type { RequestHandler, Response } from "express";
import type { ChangeFeed } from "../db/change-feed.js";
import { UNSAFE_METHODS } from "../http/methods.js";

/**
 * A successful write is answered only once this instance has heard the changes it committed
 * (`ChangeFeed.caughtUp`), so that the next request on this instance, whoever sends it, finds no
 * cached session or count that the write made stale: a role change acts on the user's next
 * request. Other instances hear the same changes a few milliseconds later. A failed write, which
 * changed nothing, is answered at once.
 */
export function answerWritesOnceHeard(changes: ChangeFeed): RequestHandler {
  return (req, res, next) => {
    if (UNSAFE_METHODS.has(req.method)) endOnceHeard(res, changes);
    next();
  };
}

function endOnceHeard(res: Response, changes: ChangeFeed): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    if (res.statusCode >= 400 || !changes.trusted) return end(...args);
    void changes.caughtUp().then(() => end(...args));
    return res;
  }) as Response["end"];
}
