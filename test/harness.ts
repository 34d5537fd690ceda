import { createHash, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import supertest from "supertest";
import { afterAll, beforeAll, inject } from "vitest";
import Transport from "winston-transport";
import { createApp } from "../src/app.js";
import type { PasswordHasher } from "../src/auth/auth.js";
import { loadConfig } from "../src/config.js";
import { createHttpServer } from "../src/http/server.js";
import { createLogger } from "../src/logging/logger.js";
import { buildOpenApiDocument } from "../src/openapi/document.js";
import { openServices, type Services } from "../src/services.js";
import { adminQuery, withDatabase } from "./databases.js";
import { embeddedTemplate } from "./embedded-template.js";
import { ResponseConformance } from "./openapi-conformance.js";

/** Cheap stand-in for scrypt so suites can sign up hundreds of users; production keeps the real cost. */
const testHasher: PasswordHasher = {
  hash: async (password) => `sha256:${createHash("sha256").update(password).digest("hex")}`,
  verify: async ({ hash, password }) => hash === `sha256:${createHash("sha256").update(password).digest("hex")}`,
};

/** Keeps every log entry of a test file in memory, so tests can assert what was (not) logged. */
export class MemoryTransport extends Transport {
  readonly entries: Record<string, unknown>[] = [];
  override log(info: Record<string, unknown>, next: () => void): void {
    this.entries.push(info);
    next();
  }
}

export interface TestApp extends Services {
  server: Server;
  /** Requests to the running app; no cookie is kept between them. */
  http: ReturnType<typeof supertest>;
  logs: MemoryTransport["entries"];
  /** Every log entry as one JSON line, to search for strings that must never be logged. */
  logText(): string;
  /** Every response of this file's apps, held to the OpenAPI document; the file fails on a mismatch. */
  conformance: ResponseConformance;
}

/**
 * Starts the real app on a fresh database for one test file: an in-memory PGlite loaded from the
 * run's migrated archive, or on PostgreSQL (TEST_DATABASE_URL) a clone of the migrated template
 * database. `env` may be a function, read when the app starts, for a setting known only then
 * (another server's port).
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const context = {} as TestApp;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const template = inject("templateDatabaseUrl");
    const serverUrl = process.env.TEST_DATABASE_URL;
    let databaseUrl = "pglite:memory";
    if (template && serverUrl) {
      const name = `posts_api_test_${randomUUID().replaceAll("-", "")}`;
      const templateName = new URL(template).pathname.slice(1);
      await adminQuery(serverUrl, `create database "${name}" template "${templateName}"`);
      databaseUrl = withDatabase(serverUrl, name);
      dropDatabase = () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    }
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "debug",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: "4",
      ...(typeof env === "function" ? env() : env),
    });
    const transport = new MemoryTransport();
    const logger = createLogger(config, transport);
    const initialData = config.databaseUrl === "pglite:memory" ? await embeddedTemplate() : undefined;
    const services = await openServices(config, logger, { passwordHasher: testHasher, initialData });
    services.mailer.startWorker();
    const conformance = new ResponseConformance(await buildOpenApiDocument(services.auth));
    // Served as main.ts serves it: its keep-alive outlasts a client's, so no request races a close.
    const server = createHttpServer(createApp(services)).listen(0, "127.0.0.1");
    conformance.watch(server);
    Object.assign(context, services, {
      server,
      conformance,
      http: supertest(server),
      logs: transport.entries,
      logText: () => transport.entries.map((entry) => JSON.stringify(entry)).join("\n"),
    });
  });

  afterAll(async () => {
    // Ends live streams, so the server can close.
    await context.changes?.close();
    await new Promise((resolve) => context.server?.close(resolve));
    await context.mailer?.stopWorker();
    await context.database?.close();
    await dropDatabase?.();
    const mismatches = context.conformance?.mismatches ?? [];
    if (mismatches.length > 0) {
      throw new Error(
        `${mismatches.length} responses differ from the OpenAPI document:\n${mismatches.slice(0, 20).join("\n")}`,
      );
    }
  });

  return context;
}
