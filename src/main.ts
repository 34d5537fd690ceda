import type { Server } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { Server as TcpServer } from "node:net";
import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { loadEnvFile } from "./env-file.js";
import { Readiness } from "./http/health.js";
import { redisRateLimitStores } from "./http/redis-rate-limit-stores.js";
import { InFlightResponses } from "./http/in-flight-responses.js";
import { createHttpServer } from "./http/server.js";
import { createLogger, type Logger, writeStartupFailure } from "./logging/logger.js";
import { loadMetrics } from "./metrics/load.js";
import { openServices } from "./services.js";

// How long in-flight requests get to finish after SIGTERM before connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;
// How long an idle keep-alive connection may still bring one last request after SIGTERM.
const IDLE_DRAIN_MS = 1_000;

async function main(): Promise<void> {
  loadEnvFile();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      writeStartupFailure(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  for (const warning of config.warnings) logger.warn(warning);

  const started = performance.now();
  const metrics = await loadMetrics(config);
  const services = await openServices(config, logger, { poolObserver: metrics?.pools });
  // Counters shared by every instance; each instance counts alone without Redis.
  const rateLimitStores =
    config.rateLimit.enabled && config.redisUrl ? redisRateLimitStores({ url: config.redisUrl, logger }) : undefined;
  const readiness = new Readiness();
  const app = createApp({ ...services, rateLimitStores, readiness, metrics });
  // Before the API's port: Prometheus sees the instance (and its readiness) from its first request.
  const metricsServer = config.metrics ? await metrics?.listen(config.metrics.port, config.metrics.host) : undefined;
  if (config.metrics) logger.info(`Metrics on http://${config.metrics.host}:${config.metrics.port}/metrics`);
  const server = createHttpServer(app).listen(config.port, config.host, () => {
    const ms = Math.round(performance.now() - started);
    logger.info(
      `Listening on http://${config.host}:${config.port} (${config.env}, ${services.database.kind}, ready in ${ms} ms)`,
    );
  });
  server.on("error", (error) => {
    logger.error("Server failed", { errorName: error.name, errorMessage: error.message });
    process.exit(1);
  });
  const drain = drainOnShutdown(server, logger);
  services.mailer.startWorker();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests`);
    // Behind a load balancer: keep serving while its health check sees /ready fail, so that it stops
    // sending requests here before the port closes (a connection still queued then is reset).
    readiness.stop();
    if (config.shutdownDelayMs > 0) await delay(config.shutdownDelayMs);
    // First: it ends the live notification streams, which would otherwise hold the drain to its end.
    await services.changes.close();
    // The mail worker stops beside the drain, so the two share one grace period: a reset asked for
    // during the drain is queued, and sent by an instance that stays.
    await Promise.all([drain(), services.mailer.stopWorker()]);
    await rateLimitStores?.close();
    await services.database.close();
    await metricsServer?.close();
    logger.info("Shut down cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));
}

/**
 * Returns the function that stops the server without cutting a request: new connections are
 * refused at once; every response from then on says `Connection: close`, so no client sends
 * another request on a connection about to close; a connection idle at the signal gets
 * IDLE_DRAIN_MS to bring one last request before it is closed, because closing it at once races
 * with a request already on its way (the client would see a reset and never know whether it ran).
 */
function drainOnShutdown(server: Server, logger: Logger): () => Promise<void> {
  let draining = false;
  const inFlight = new InFlightResponses();
  server.prependListener("request", (_req, res) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
  });

  return () =>
    new Promise<void>((resolve) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      const idle = setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS).unref();
      const forced = setTimeout(() => {
        logger.warn(`Requests still running after ${SHUTDOWN_GRACE_MS} ms: closing their connections`, {
          requests: inFlight.size,
        });
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS).unref();
      // net's close, not http's: http's would also close idle connections at once, the race above.
      TcpServer.prototype.close.call(server, () => {
        clearTimeout(idle);
        clearTimeout(forced);
        resolve();
      });
    });
}

main().catch((error: unknown) => {
  const err = error instanceof Error ? error : new Error(String(error));
  writeStartupFailure(`Start-up failed: ${err.name}: ${err.message}`);
  process.exit(1);
});
