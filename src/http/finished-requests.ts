import type { Express, Request, RequestHandler, Response } from "express";
import { endpointOf, OFFERED_ENDPOINTS } from "../auth/handler.js";
import { currentRequestContext } from "../logging/request-id.js";
import { RouteTemplates } from "./route-walk.js";

/** A request whose response has ended (or whose connection closed first), as the log and the metrics see it. */
export interface FinishedRequest {
  readonly req: Request;
  readonly res: Response;
  /** From the request's arrival here to the end of its response: a live stream's, how long it was open. */
  readonly durationMs: number;
  /**
   * The matched route's template (`/api/posts/:id`), or `unmatched`. better-auth's endpoints, all
   * served by one route, are told apart (`/api/auth/sign-in/email`); any path it does not offer is
   * `/api/auth/*`, so the values stay a bounded set.
   */
  readonly route: string;
  /** Bytes written to the connection for this response, headers included. */
  readonly bytes: number;
  readonly requestId: string | undefined;
  readonly traceId: string | undefined;
}

export type RequestObserver = (finished: FinishedRequest) => void;

/**
 * Times every request that reaches it and hands each, once its response ends, to the observers
 * (the request log, the metrics); counts those in flight. One close listener serves them all.
 */
export class FinishedRequests {
  private readonly templates: RouteTemplates;
  #inFlight = 0;

  constructor(
    app: Express,
    private readonly observers: readonly RequestObserver[],
  ) {
    this.templates = new RouteTemplates(app);
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  readonly middleware: RequestHandler = (req, res, next) => {
    const started = performance.now();
    // Read now: the response gives its socket up when it ends, and the listener runs outside the request's context.
    const socket = req.socket;
    const bytesBefore = socket.bytesWritten;
    const context = currentRequestContext();
    this.#inFlight += 1;
    res.once("close", () => {
      this.#inFlight -= 1;
      const finished: FinishedRequest = {
        req,
        res,
        durationMs: performance.now() - started,
        route: routeOf(this.templates.of(req.route), req.originalUrl),
        bytes: socket.bytesWritten - bytesBefore,
        requestId: context?.requestId,
        traceId: context?.traceId,
      };
      for (const observe of this.observers) observe(finished);
    });
    next();
  };
}

const AUTH_ROUTE = "/api/auth/*";

function routeOf(template: string, originalUrl: string): string {
  if (template !== AUTH_ROUTE) return template;
  const endpoint = endpointOf(originalUrl);
  if (endpoint === undefined || !OFFERED_ENDPOINTS.has(endpoint)) return AUTH_ROUTE;
  return `/api/auth${endpoint.replace("{token}", ":token")}`;
}

/**
 * The readiness probe: a load balancer asks for it every few seconds, and a line and a count for
 * each would drown the requests that matter. Its answers are in the request log at debug level.
 */
export const READINESS_ROUTE = "/ready";
