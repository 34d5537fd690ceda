import type { Express, Request, RequestHandler, Response } from "express";
import { currentRequestContext } from "../logging/request-id.js";
import { RouteTemplates } from "./route-walk.js";

/** A request whose response has ended (or whose connection closed first), as the log and the metrics see it. */
export interface FinishedRequest {
  readonly req: Request;
  readonly res: Response;
  /** From the request's arrival here to the end of its response: a live stream's, how long it was open. */
  readonly durationMs: number;
  /**
   * The matched route's template (`/api/posts/:id`), or `unmatched`; or as the constructor's
   * `routeOf` names it more finely.
   */
  readonly route: string;
  /** A readiness probe's request: asked every few seconds by a balancer, so left out of counts and the log's lines. */
  readonly probe: boolean;
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

  /**
   * `routeOf` may name a route more finely than its template, within a bounded set (better-auth's
   * endpoints, all served by one route).
   */
  constructor(
    app: Express,
    private readonly observers: readonly RequestObserver[],
    private readonly routeOf: (template: string, originalUrl: string) => string = (template) => template,
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
      const route = this.routeOf(this.templates.of(req.route), req.originalUrl);
      const finished: FinishedRequest = {
        req,
        res,
        durationMs: performance.now() - started,
        route,
        probe: route === READINESS_ROUTE,
        bytes: socket.bytesWritten - bytesBefore,
        requestId: context?.requestId,
        traceId: context?.traceId,
      };
      for (const observe of this.observers) observe(finished);
    });
    next();
  };
}

// The readiness probe: a load balancer asks for it every few seconds, and a line and a count for
// each would drown the requests that matter.
const READINESS_ROUTE = "/ready";
