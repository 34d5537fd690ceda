import type { RequestHandler } from "express";
import { forgetRememberedReads } from "../db/remembered-reads.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every request with an unsafe method is taken for a write: remembered reads are voided when it
 * arrives (so no read that runs alongside it is remembered) and again at its response's `close`,
 * which Node emits once the response is sent and before the connection reads another request (so
 * none taken before it committed outlives it). A write whose client went away before it committed
 * is voided at the disconnect instead, and so shows within a read's lifetime, as another
 * instance's write does.
 */
export const forgetRememberedReadsOnWrites: RequestHandler = (req, res, next) => {
  if (!SAFE_METHODS.has(req.method)) {
    forgetRememberedReads();
    res.once("close", forgetRememberedReads);
  }
  next();
};
