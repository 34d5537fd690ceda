import type { RequestHandler, Response } from "express";
import { UNSAFE_METHODS } from "./methods.js";
import type { ChangeFeed } from "../changes/index.js";

/**
 * The write barrier: a successful write is answered only once this instance has heard the changes
 * it committed (`ChangeFeed.caughtUp`), so that the next request on this instance, whoever sends
 * it, finds no cached session or count that the write made stale: a role change or a sign-out acts
 * on the user's next request. Other instances hear the same changes a few milliseconds later.
 * Undefined when the answer need not wait: a read, a failed write (which changed nothing), or a
 * feed that is not listening (the caches then answer nothing).
 */
export function whenWriteHeard(changes: ChangeFeed, method: string, status: number): Promise<void> | undefined {
  if (!UNSAFE_METHODS.has(method) || status >= 400 || !changes.trusted) return undefined;
  return changes.caughtUp();
}

/**
 * The barrier for the service's own routes, which answer through `res.end` wherever they are
 * written; better-auth's handler builds its answer first and waits on `whenWriteHeard` itself.
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
    const heard = whenWriteHeard(changes, res.req.method, res.statusCode);
    if (!heard) return end(...args);
    void heard.then(() => end(...args));
    return res;
  }) as Response["end"];
}
