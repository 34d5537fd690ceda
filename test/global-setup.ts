import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";
import { adminQuery, withDatabase } from "./databases.js";
import { writeEmbeddedTemplate } from "./embedded-template.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** On PostgreSQL: a migrated database each test file clones (CREATE DATABASE ... TEMPLATE). */
    templateDatabaseUrl: string | undefined;
    /** A migrated embedded database's data directory archive, which each in-memory PGlite loads. */
    embeddedTemplatePath: string;
  }
}

/**
 * Once per run, before any test: builds dist/ when a source is newer (the suites that start
 * `npm start` or the CLI's built programs find it up to date), migrates one embedded database and
 * archives it, and with TEST_DATABASE_URL migrates one template database, so that each test file
 * gets a fresh, migrated database in milliseconds instead of seconds.
 */
export default async function setup(project: TestProject) {
  const build = promisify(execFile)(process.execPath, ["scripts/build.ts", "--if-stale"]);
  const embeddedTemplatePath = join(tmpdir(), `posts-api-template-${randomUUID()}.tar`);
  const [postgresTemplate] = await Promise.all([
    migratePostgresTemplate(),
    writeEmbeddedTemplate(embeddedTemplatePath),
    build.then(({ stdout, stderr }) => process.stdout.write(stdout + stderr)),
  ]);
  project.provide("embeddedTemplatePath", embeddedTemplatePath);
  project.provide("templateDatabaseUrl", postgresTemplate?.url);

  return async () => {
    rmSync(embeddedTemplatePath, { force: true });
    await postgresTemplate?.drop();
  };
}

async function migratePostgresTemplate(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `posts_api_tmpl_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(serverUrl, `create database "${name}"`).catch((error: unknown) => {
    // Said here: vitest would otherwise report the failed set-up as "No test files found".
    if ((error as { code?: string }).code !== "3D000") throw error;
    const named = decodeURIComponent(new URL(serverUrl).pathname.slice(1));
    throw new Error(
      `TEST_DATABASE_URL names the database "${named}", which does not exist: create it (createdb "${named}") ` +
        "or name one that exists, such as postgres. The tests only connect to it to create and drop databases of their own.",
    );
  });
  const url = withDatabase(serverUrl, name);
  const template = await openDatabase({ url, poolMax: 1 });
  await template.migrate();
  await template.close();
  return { url, drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`) };
}
