import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import supertest from "supertest";
import { inject } from "vitest";
import Transport from "winston-transport";
import { createApp } from "../src/app.js";
import { createAuth, type PasswordHasher } from "../src/auth/auth.js";
import { ChangeFeed } from "../src/changes/index.js";
import { loadConfig } from "../src/config.js";
import type { AppOptions } from "../src/deps.js";
import { createHttpServer } from "../src/http/server.js";
import type { RateLimitStores } from "../src/http/rate-limit.js";
import { createLogger, type Logger } from "../src/logging/logger.js";
import { Mailer } from "../src/mail/mailer.js";
import type { ServiceMetrics } from "../src/metrics/sources.js";
import { openServices, type Services } from "../src/services.js";
import { adminQuery, withDatabase } from "./databases.js";
import { embeddedTemplate } from "./embedded-template.js";
import { buildOpenApiDocument } from "../src/openapi/document.js";
import { ResponseConformance } from "./openapi-conformance.js";

/** Cheap stand-in for scrypt so suites can sign up hundreds of users; production keeps the real cost. */
const testHasher: PasswordHasher = {
  hash: async (password) => `sha256:${createHash("sha256").update(password).digest("hex")}`,
  verify: async ({ hash, password }) => hash === `sha256:${createHash("sha256").update(password).digest("hex")}`,
};

/** Keeps every log entry of an app in memory, so tests can assert what was (not) logged. */
export class MemoryTransport extends Transport {
  readonly entries: Record<string, unknown>[] = [];
  override log(info: Record<string, unknown>, next: () => void): void {
    this.entries.push(info);
    next();
  }
}

export interface StartAppOptions {
  /** Settings over the tests' own (NODE_ENV=test, LOG_LEVEL=debug, a pool of 4, the database's URL). */
  env?: Record<string, string>;
  /**
   * Another app of the test file whose database this one uses, as a second instance would. Without
   * it the app gets a fresh database of its own: an in-memory PGlite loaded from the run's migrated
   * archive, or on PostgreSQL (TEST_DATABASE_URL) a clone of the migrated template database.
   */
  beside?: StartedApp;
  /**
   * Beside another app, its own change feed, and on PostgreSQL its own pool, as a process of its own
   * has; otherwise it borrows the other app's database handle and follows no changes (nothing cached).
   */
  ownServices?: boolean;
  /** better-auth's real scrypt, for users written by other means (the CLI). */
  realPasswordHashing?: boolean;
  /** Whether its mail worker sends the outbox; by default only an app of its own database's does. */
  mailWorker?: boolean;
  /** Parts given to the app as they are (a change feed, readiness, the live streams' settings). */
  parts?: Partial<AppOptions>;
  /**
   * Prometheus metrics, given to the app and, as main.ts wires them, told about the database pool
   * the app opens (a pool it borrows already reports to whoever opened it).
   */
  metrics?: ServiceMetrics;
  /**
   * Shared rate-limit counters (Redis), built on the app's own logger so that their warnings land
   * in its log; closed with the app.
   */
  rateLimitStores?: (logger: Logger) => RateLimitStores;
  /**
   * The address it connects to, given its fresh database's: a proxy's, for a test that cuts the
   * database away. Only for an app of its own database (not `beside`).
   */
  connectVia?: (databaseUrl: string) => string;
  /** How it is served; by default as main.ts serves it. */
  serve?: (app: Express) => Server;
  /**
   * What holds its responses to the OpenAPI document: by default a new one for an app of its own
   * database, the other app's beside it.
   */
  conformance?: ResponseConformance;
}

export interface StartedApp extends Services {
  /** The Express app it serves, for what reads the app itself (its route table). */
  app: Express;
  server: Server;
  /** Requests to the running app; no cookie is kept between them. */
  http: ReturnType<typeof supertest>;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  logs: MemoryTransport["entries"];
  /** Every log entry as one JSON line, to search for strings that must never be logged. */
  logText(): string;
  /** Every response held to the OpenAPI document (see `StartAppOptions.conformance`). */
  conformance: ResponseConformance | undefined;
  /** Stops serving, then closes what this app opened (never what it borrowed), its database last. */
  close(): Promise<void>;
}

/** Starts the real app on a real database and serves it on a free port: every test app starts here. */
export async function startApp(options: StartAppOptions = {}): Promise<StartedApp> {
  const { beside, connectVia = (url: string) => url } = options;
  const fresh = beside ? undefined : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "debug",
    DATABASE_POOL_MAX: "4",
    DATABASE_URL: beside?.config.databaseUrl ?? connectVia(fresh!.url),
    ...options.env,
  });
  const transport = new MemoryTransport();
  const logger = createLogger(config, transport);
  const passwordHasher = options.realPasswordHashing ? undefined : testHasher;

  let services: Services;
  let owned: { database: boolean; changes: boolean };
  if (!beside || (options.ownServices && beside.database.kind === "postgres")) {
    const initialData = config.databaseUrl === "pglite:memory" ? await embeddedTemplate() : undefined;
    services = await openServices(config, logger, {
      passwordHasher,
      initialData,
      poolObserver: options.metrics?.pools,
    });
    owned = { database: true, changes: true };
  } else {
    // PGlite is one process's database: a second instance shares its handle, with a feed of its own.
    const { database } = beside;
    const mailer = new Mailer({ config, db: database.db, logger });
    const auth = createAuth({ config, db: database.db, logger, mailer, passwordHasher });
    const changes = options.ownServices ? await ChangeFeed.open(database, logger) : ChangeFeed.none();
    services = { config, logger, database, auth, mailer, changes };
    owned = { database: false, changes: options.ownServices ?? false };
  }
  const mailWorker = options.mailWorker ?? !beside;
  if (mailWorker) services.mailer.startWorker();

  const rateLimitStores = options.rateLimitStores?.(logger);
  const app = createApp({ ...services, metrics: options.metrics, rateLimitStores, ...options.parts });
  // main.ts's server: its keep-alive outlasts a client's, so no request races a close.
  const server = (options.serve ?? ((served) => createHttpServer(served).listen(0, "127.0.0.1")))(app);
  const conformance =
    options.conformance ??
    beside?.conformance ??
    (beside ? undefined : new ResponseConformance(await buildOpenApiDocument(services.auth)));
  conformance?.watch(server);
  if (!server.listening) await once(server, "listening");
  return Object.assign(services, {
    app,
    server,
    http: supertest(server),
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logs: transport.entries,
    logText: () => transport.entries.map((entry) => JSON.stringify(entry)).join("\n"),
    conformance,
    close: async () => {
      // First the feed: it ends the live streams, which would hold the server's close.
      if (owned.changes) await services.changes.close();
      await new Promise((resolve) => server.close(resolve));
      if (mailWorker) await services.mailer.stopWorker();
      await rateLimitStores?.close();
      if (owned.database) await services.database.close();
      await fresh?.drop();
    },
  });
}

/** A migrated database for one app, and how to drop it. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject("templateDatabaseUrl");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!template || !serverUrl) return { url: "pglite:memory", drop: async () => undefined };
  const name = `posts_api_test_${randomUUID().replaceAll("-", "")}`;
  const templateName = new URL(template).pathname.slice(1);
  await adminQuery(serverUrl, `create database "${name}" template "${templateName}"`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
