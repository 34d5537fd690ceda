import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import supertest from "supertest";
import { afterAll, expect } from "vitest";
import { createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logging/logger.js";
import { openServices, type Services } from "../src/services.js";
import { adminQuery, withDatabase } from "./databases.js";
import { sessionCookieOf } from "./factories.js";

// The real backup command (`npm run db:backup` / `db:restore`'s program, run from source) as child
// processes, and the service opened in this process on the databases it reads and writes: what the
// backup system tests in src/backup/ share.

const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const command = fileURLToPath(new URL("../src/cli/backup.ts", import.meta.url));

/** The PostgreSQL server the tests may make databases on; without it they stay on the embedded one. */
export const serverUrl = process.env.TEST_DATABASE_URL;

/** Every user these tests sign up has this password, so a restored one can sign in with it. */
export const password = "an old password";

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningApp extends Services {
  http: ReturnType<typeof supertest>;
  close(): Promise<void>;
}

/**
 * A scratch folder for one test file (named `posts-api-<name>-…`), the command run in it, and the
 * databases and apps it needs. After the file's tests, every command still running is killed,
 * every app closed, every server database dropped and the folder removed.
 */
export function useBackupCli(name: string) {
  const work = mkdtempSync(join(tmpdir(), `posts-api-${name}-`));
  const children = new Set<ChildProcess>();
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }, 180_000);

  /** The command with `args` on `databaseUrl`, with only PATH and `env` besides. */
  function cli(args: string[], databaseUrl: string, env: Record<string, string> = {}): Promise<Run> {
    const child = spawn(tsx, [command, ...args], {
      cwd: work,
      env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: databaseUrl, ...env },
    });
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) =>
      child.once("close", (code) => {
        children.delete(child);
        resolve({ code, stdout, stderr });
      }),
    );
  }

  const newPgliteUrl = () => `pglite:${join(work, `pglite-${randomUUID()}`)}`;

  async function newServerDatabase(): Promise<string> {
    const database = `posts_api_${name.replaceAll("-", "_")}_${randomUUID().replaceAll("-", "")}`;
    await adminQuery(serverUrl!, `create database "${database}"`);
    cleanUps.push(() => adminQuery(serverUrl!, `drop database if exists "${database}" with (force)`));
    return withDatabase(serverUrl!, database);
  }

  /** The service on `url`, in this process, with its real password hashing. */
  async function openApp(url: string, env: Record<string, string> = {}): Promise<RunningApp> {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "error", DATABASE_URL: url, ...env });
    const services = await openServices(config, createLogger(config));
    const server: Server = createApp(services).listen(0, "127.0.0.1");
    let closed: Promise<void> | undefined;
    const close = () =>
      (closed ??= (async () => {
        await services.changes.close();
        await new Promise((resolve) => server.close(resolve));
        await services.database.close();
      })());
    cleanUps.push(close);
    return { ...services, http: supertest(server), close };
  }

  return { work, cli, newPgliteUrl, newServerDatabase, openApp };
}

/** A user signed up through the app, with `password`. */
export async function signUp(app: RunningApp, name: string): Promise<{ id: string; email: string; cookie: string }> {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const res = await app.http.post("/api/auth/sign-up/email").send({ name, email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.user.id as string, email, cookie: sessionCookieOf(res.headers["set-cookie"]) };
}
