import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { type StartedApp, startApp } from "../../test/start-app.js";
import { createHttpServer, SERVER_TIMEOUTS, type ServerTimeouts } from "./server.js";

// The server as main.ts builds it (createHttpServer over createApp), spoken to over raw sockets,
// since what is tested happens before or beneath any HTTP client's request.

const t = useTestApp();
const apps: StartedApp[] = [];

/** The test app's database served again, by a server with these timeouts; resolves with its port. */
async function serve(timeouts?: ServerTimeouts): Promise<number> {
  const app = await startApp({
    beside: t,
    serve: (served) => createHttpServer(served, timeouts).listen(0, "127.0.0.1"),
  });
  apps.push(app);
  return (app.server.address() as AddressInfo).port;
}

afterAll(async () => {
  for (const app of apps) app.server.closeAllConnections();
  await Promise.all(apps.map((app) => app.close()));
});

interface Exchange {
  /** Everything the server sent until it closed the connection. */
  received: string;
  /** Milliseconds from the connection to its close. */
  closedAfterMs: number;
}

/** Connects, writes each chunk `gapMs` after the previous one, and reads until the server closes. */
async function exchange(port: number, chunks: string[], gapMs = 0): Promise<Exchange> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  const started = performance.now();
  let received = "";
  socket.on("data", (data) => (received += data.toString()));
  // A chunk written after the server closed fails with EPIPE or ECONNRESET: expected once it has
  // answered, so only the close ends the exchange (events.once would reject on that error).
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  (async () => {
    for (const chunk of chunks) {
      if (socket.destroyed) return;
      socket.write(chunk);
      if (gapMs > 0) await sleep(gapMs);
    }
  })().catch(() => {});
  await closed;
  return { received, closedAfterMs: performance.now() - started };
}

function responseOf(raw: string) {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: body === "" ? undefined : (JSON.parse(body) as unknown),
  };
}

const QUICK: ServerTimeouts = { keepAliveMs: 1_500, headersMs: 400, requestMs: 1_200, checkIntervalMs: 100 };

describe("timeouts", () => {
  it("sets what the README says, with the headers timeout within the request timeout (else Node swaps them)", () => {
    // The server alone is under test here: no app needs to answer its requests.
    const server = createHttpServer(() => undefined);
    expect({
      keepAlive: server.keepAliveTimeout,
      headers: server.headersTimeout,
      request: server.requestTimeout,
    }).toEqual({
      keepAlive: 65_000,
      headers: 10_000,
      request: 30_000,
    });
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(SERVER_TIMEOUTS.requestMs);
  });

  it("closes a connection that never sends a byte once the headers timeout has passed", async () => {
    const port = await serve(QUICK);
    const silent = await exchange(port, []);
    // Closed by its idle timeout (nothing said), or by Node's headers check when that runs first (a JSON 408).
    if (silent.received !== "")
      expect(responseOf(silent.received)).toMatchObject({ status: 408, body: { code: "request_timeout" } });
    expect(silent.closedAfterMs).toBeGreaterThanOrEqual(QUICK.headersMs - 50);
  });

  it("closes a connection whose headers trickle in, with a JSON 408, within the headers timeout", async () => {
    const port = await serve(QUICK);
    const slow = await exchange(
      port,
      ["GET /api/posts HTTP/1.1\r\n", ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: a\r\n`)],
      100,
    );
    const res = responseOf(slow.received);
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ error: "Request not received in time", code: "request_timeout" });
    expect(slow.closedAfterMs).toBeLessThan(QUICK.requestMs);
  });

  it("answers a body trickled in with a JSON 408 once the request timeout has passed", async () => {
    const port = await serve(QUICK);
    const head =
      "POST /api/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    const slow = await exchange(port, [head, ..."x".repeat(60)], 100);
    const res = responseOf(slow.received);
    expect(res.status).toBe(408);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: "Request not received in time", code: "request_timeout" });
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(QUICK.requestMs - 50);
  });

  it("keeps a connection that sent a request open between requests, as keep-alive allows", async () => {
    const port = await serve(QUICK);
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    const closed = once(socket, "close").then(() => performance.now());
    const started = performance.now();
    socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    socket.resume();
    expect((await closed) - started).toBeGreaterThanOrEqual(QUICK.keepAliveMs - 50);
  }, 10_000);
});

describe("requests Node refuses before the app", () => {
  it("answers a 20 kB header with 431 in the service's JSON error shape", async () => {
    const port = await serve();
    const raw = await exchange(port, [
      `GET /api/posts HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20 * 1024)}\r\n\r\n`,
    ]);
    const res = responseOf(raw.received);
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).toEqual({ error: "Request header fields too large", code: "headers_too_large" });
  });

  it("answers a malformed request line with 400 in the service's JSON error shape", async () => {
    const port = await serve();
    for (const line of ["HELLO\r\n\r\n", "GET /api/posts HTTP/9.9\r\n\r\n", "GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n"]) {
      const res = responseOf((await exchange(port, [line])).received);
      expect(res.status, line).toBe(400);
      expect(res.headers["content-type"], line).toBe("application/json; charset=utf-8");
      expect(res.body, line).toEqual({ error: "Malformed HTTP request", code: "bad_request" });
    }
  });
});
