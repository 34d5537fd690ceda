import type { RequestHandler } from "express";
import { forgetRememberedReads } from "../db/remembered-reads.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every request with an unsafe method is taken for a write: remembered reads are voided when it
 * arrives (so no read that runs alongside it is remembered) and again when its response is sent
 * or its connection closes (so none taken before it committed outlives it).
 */
export const forgetRememberedReadsOnWrites: RequestHandler = (req, res, next) => {
  if (!SAFE_METHODS.has(req.method)) {
    forgetRememberedReads();
    res.once("finish", forgetRememberedReads);
    res.once("close", forgetRememberedReads);
  }
  next();
};
