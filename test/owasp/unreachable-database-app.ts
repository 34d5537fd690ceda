import { once } from "node:events";
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from "node:net";
import supertest from "supertest";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../src/app.js";
import { createAuth } from "../../src/auth/auth.js";
import { loadConfig } from "../../src/config.js";
import { openDatabase } from "../../src/db/client.js";
import { createLogger } from "../../src/logging/logger.js";
import { Mailer } from "../../src/mail/mailer.js";
import { MemoryTransport } from "../start-app.js";
import type { Http } from "./helpers.js";

/**
 * An app whose database accepts connections and drops them at once: every query fails, without a
 * SQLSTATE. Built by hand, not by startApp, which starts on a database that answers.
 */
export function useUnreachableDatabaseApp() {
  const context = {} as { http: Http; logs: Record<string, unknown>[]; logText(): string };
  let dropper: TcpServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dropper = createTcpServer((socket) => socket.destroy()).listen(0, "127.0.0.1");
    await once(dropper, "listening");
    const url = `postgres://postgres@127.0.0.1:${(dropper.address() as AddressInfo).port}/nowhere`;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "debug",
      DATABASE_URL: url,
      DATABASE_CONNECT_TIMEOUT_MS: "500",
    });
    const transport = new MemoryTransport();
    const logs = transport.entries;
    const logger = createLogger(config, transport);
    const database = await openDatabase({ url, poolMax: 2, connectionTimeoutMillis: 500, queryTimeoutMillis: 1000 });
    const mailer = new Mailer({ config, db: database.db, logger });
    const auth = createAuth({ config, db: database.db, logger, mailer });
    const server = createApp({ config, database, auth, logger, mailer }).listen(0, "127.0.0.1");
    await once(server, "listening");
    close = async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      dropper.close();
    };
    Object.assign(context, {
      http: supertest(server),
      logs,
      logText: () => logs.map((entry) => JSON.stringify(entry)).join("\n"),
    });
  });
  afterAll(() => close?.());
  return context;
}
