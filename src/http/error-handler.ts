import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import type { Config } from "../config.js";
import type { Logger } from "../logging/logger.js";
import { redactUrl } from "../logging/logger.js";
import { REQUEST_ID_HEADER } from "../logging/request-id.js";
import { sourceMappedStack } from "../logging/source-mapped-stack.js";
import type { RouteFamily, RouteGroup } from "./route.js";
import {
  errorNameOf,
  isDataException,
  isDatabaseError,
  isDatabaseUnavailable,
  isDiskFull,
  isUniqueViolation,
  sqlStateOf,
  vanishedReferenceOf,
} from "../db/errors.js";
import {
  badRequest,
  betterAuthBody,
  endpointNotFound,
  exposedClientError,
  HttpError,
  internalError,
  invalidInput,
  invalidJson,
  noAuthSession,
  payloadTooLarge,
  postNotFound,
  resourceConflict,
  serviceUnavailable,
  v1Body,
  v2Body,
} from "./errors.js";

/** 404 `{error: "Endpoint not found", code, endpoint}` for any path no route took; registered after every route. */
export const notFoundHandler: RequestHandler = (req) => {
  throw endpointNotFound(req.method, req.originalUrl);
};

/** The one place an error becomes a response: every body has the shape of the API version asked. */
export function errorHandler({ config, logger }: { config: Pick<Config, "isDevelopment">; logger: Logger }) {
  const handler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const httpError = toHttpError(error);
    logError(logger, req, res.getHeader(REQUEST_ID_HEADER), httpError, error);
    if (res.headersSent) {
      // Part of a response is out; the only honest signal left is to cut the connection.
      res.destroy();
      return;
    }
    const stack = httpError.status >= 500 && config.isDevelopment && error instanceof Error ? error.stack : undefined;
    const body = httpError.options.betterAuthShape
      ? betterAuthBody(httpError)
      : isV2(res)
        ? v2Body(httpError, stack)
        : v1Body(httpError, stack);
    res.status(httpError.status).json(body);
  };
  return handler;
}

/**
 * Marks every request under a route group's base as answering that group's error bodies, from
 * the first stage on: a CORS refusal, a rate limit or an unknown path there is answered in them too.
 */
export function errorBodiesOf(group: Pick<RouteGroup, "family" | "base">): RequestHandler {
  return (req, res, next) => {
    // As the URL spells it: `/API/V2/...` reaches the v2 routes (Express matches paths in any
    // case) but the document names only the lower-case paths, so it keeps the v1 bodies.
    if (req.baseUrl === group.base) (res.locals as ErrorBodyLocals).errorFamily = group.family;
    next();
  };
}

interface ErrorBodyLocals {
  errorFamily?: RouteFamily;
}

function isV2(res: Response): boolean {
  return (res.locals as ErrorBodyLocals).errorFamily === "v2";
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const bodyParserType = (error as { type?: unknown } | null)?.type;
  if (bodyParserType === "entity.parse.failed") return invalidJson();
  // The parser's error carries its bound in bytes, so the answer states the bound of the parser that refused.
  const parserLimit = (error as { limit?: unknown } | null)?.limit;
  if (bodyParserType === "entity.too.large" && typeof parserLimit === "number") return payloadTooLarge(parserLimit);
  if (isUniqueViolation(error)) return resourceConflict();
  // A write that lost a race with a deletion: the author's account went, and their session with
  // it (401), or the post did (404).
  const vanished = vanishedReferenceOf(error);
  if (vanished === "requestor") return noAuthSession();
  if (vanished === "post") return postNotFound();
  // A full disk is an outage of the database's, not a fault of the request: the client may retry.
  if (isDatabaseUnavailable(error) || isDiskFull(error)) return serviceUnavailable();
  if (isDataException(error)) return invalidInput();
  // The router refuses a path parameter that is not valid percent-encoding with a URIError marked
  // 400 but not `expose`; its message quotes the parameter, so the body says it in general terms.
  if (error instanceof URIError && (error as { status?: unknown }).status === 400)
    return badRequest("Malformed percent-encoding in the URL");
  // Errors from Express and its body parser (http-errors) that are safe to show: bad encodings, undecodable paths.
  const { status, expose, message } = (error ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status === "number" && status >= 400 && status < 500 && expose === true && typeof message === "string") {
    return exposedClientError(status, message);
  }
  return internalError();
}

function logError(logger: Logger, req: Request, requestId: unknown, httpError: HttpError, cause: unknown): void {
  const context: Record<string, unknown> = {
    endpoint: `${req.method} ${redactUrl(req.originalUrl)}`,
    clientAddress: req.ip,
    userAgent: req.get("user-agent"),
    status: httpError.status,
    code: httpError.code,
    requestId,
  };
  // A database error's message carries the query's bound parameters (emails, session tokens),
  // whatever the status it maps to: only its name and SQLSTATE are logged, never the message.
  if (isDatabaseError(cause)) Object.assign(context, { errorName: errorNameOf(cause), sqlState: sqlStateOf(cause) });
  // The one 503 an operator must act on, not wait out: said in words, not only as 53100.
  if (isDiskFull(cause))
    Object.assign(context, { reason: "disk_full", hint: "the database's disk is full: free space" });
  if (httpError.status < 500) {
    logger.info(httpError.message, context);
    return;
  }
  if (cause instanceof Error && !isDatabaseError(cause)) {
    context.errorName = errorNameOf(cause);
    // The service's own errors say nothing their message (the log line's) does not.
    if (!(cause instanceof HttpError))
      Object.assign(context, { errorMessage: cause.message, stack: cause.stack && sourceMappedStack(cause.stack) });
  }
  logger.error(httpError.message, context);
}
