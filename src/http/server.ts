import { createServer, type RequestListener, type Server, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { clientErrorFor, v1Body } from "./errors.js";

export interface ServerTimeouts {
  /** Idle time allowed between requests on a kept-alive connection. */
  readonly keepAliveMs: number;
  /** Time a client gets to send a request's headers, counted from its connection or from the request's first byte. */
  readonly headersMs: number;
  /** Time a client gets to send a whole request, body included. */
  readonly requestMs: number;
  /** How often Node looks for requests past those two limits: how late it may notice one. */
  readonly checkIntervalMs: number;
}

// Keep-alive outlives a typical load balancer's 60 s idle timeout, so the balancer, not the
// service, closes idle connections (no request races a close). Headers must come within 10 s and
// the whole request within 30 s. Node requires headers <= request: given the other way round, it
// silently applies each limit to the other.
export const SERVER_TIMEOUTS: ServerTimeouts = {
  keepAliveMs: 65_000,
  headersMs: 10_000,
  requestMs: 30_000,
  checkIntervalMs: 1_000,
};

/**
 * The service's HTTP server, as main.ts runs it and as tests can build it: the timeouts above and
 * JSON answers to the requests Node refuses before the app sees them.
 */
export function createHttpServer(app: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): Server {
  const server = createServer(
    {
      keepAliveTimeout: timeouts.keepAliveMs,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    app,
  );
  closeSilentConnections(server, timeouts.headersMs);
  server.on("clientError", answerClientError);
  return server;
}

/**
 * A connection that sends nothing holds a file descriptor; Node's headers check reaches it only
 * when its interval comes round. Until its first request, a connection also gets the headers
 * timeout as an idle timeout, which Node ends by closing it (no request or response is there to
 * take the timeout). From then on Node's own timeouts apply, and keep-alive's between requests.
 */
function closeSilentConnections(server: Server, headersMs: number): void {
  const awaitingFirstRequest = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => {
    awaitingFirstRequest.add(socket);
    socket.setTimeout(headersMs);
  });
  server.prependListener("request", (req) => {
    if (!awaitingFirstRequest.delete(req.socket)) return;
    req.socket.setTimeout(0);
  });
}

/**
 * What Node would answer in plain text (or an empty body) to a request it cannot parse, a header
 * section over its limit, or a request past its timeout, answered in the service's JSON error shape.
 * As Node does, nothing is written once a response has begun on the connection.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const httpError = clientErrorFor(error.code);
  const body = JSON.stringify(v1Body(httpError));
  const head = [
    `HTTP/1.1 ${httpError.status} ${STATUS_CODES[httpError.status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "Connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
}
