import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

/**
 * `GET /metrics` in Prometheus' text format on a port of its own, apart from the public API: an
 * operator exposes it to Prometheus only. Anything else is a 404.
 */
export async function serveMetrics(
  registry: Registry,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"Not found","code":"not_found"}');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(req.method === "HEAD" ? "" : text),
      (error: Error) => res.writeHead(500, { "Content-Type": "text/plain" }).end(`${error.name}\n`),
    );
  });
  server.listen(port, host);
  await once(server, "listening");
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
