import { execFileSync } from "node:child_process";
import { openAsBlob, writeFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { openDatabase } from "../src/db/client.js";

/**
 * Creates an in-memory PGlite, migrates it and archives its data directory at `path`: made once
 * per test run, so that each test file's embedded database loads it instead of creating and
 * migrating a cluster of its own.
 */
export async function writeEmbeddedTemplate(path: string): Promise<void> {
  const database = await openDatabase({ url: "pglite:memory" });
  try {
    await database.migrate();
    // The drizzle instance hides its client; the archive is taken from the same cluster.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const archive = await client.dumpDataDir("none");
    writeFileSync(path, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** The run's migrated embedded database (see global-setup.ts), for `openServices`' `initialData`. */
export function embeddedTemplate(): Promise<Blob> {
  return openAsBlob(inject("embeddedTemplatePath"));
}

/**
 * Fills an empty directory with the run's migrated embedded database, as if a first start had
 * created and migrated it: for tests of what happens on a data directory, not of its creation
 * (src/db/pglite-init.test.ts covers that).
 */
export function copyEmbeddedTemplate(directory: string): void {
  execFileSync("tar", ["-xf", inject("embeddedTemplatePath"), "-C", directory], { stdio: "pipe" });
  // As the service leaves a directory it created: its own, unreadable to other users.
  execFileSync("chmod", ["-R", "go=", directory], { stdio: "pipe" });
}
