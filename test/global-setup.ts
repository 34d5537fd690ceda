import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";
import { adminQuery, withDatabase } from "./databases.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** On PostgreSQL: a migrated database each test file clones (CREATE DATABASE ... TEMPLATE). */
    templateDatabaseUrl: string | undefined;
  }
}

/**
 * Builds dist/ when a source is newer. With TEST_DATABASE_URL, migrates one template database per
 * run, so each test file gets a fresh, migrated database in milliseconds; without it every file
 * opens its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  // Once per run, before any test: the suites that start `npm start` find dist/ up to date.
  execFileSync(process.execPath, ["scripts/build.ts", "--if-stale"], { stdio: "inherit" });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide("templateDatabaseUrl", undefined);
    return;
  }
  const name = `posts_api_tmpl_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const templateUrl = withDatabase(serverUrl, name);
  const template = await openDatabase({ url: templateUrl, poolMax: 1 });
  await template.migrate();
  await template.close();
  project.provide("templateDatabaseUrl", templateUrl);

  return () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}
