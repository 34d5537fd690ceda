import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { findClusterArchive } from "./pglite-archive.js";

const run = promisify(execFile);

// Runs in the child: creates the cluster with the same start parameters, then closes it.
const INITIALISE = `
const [moduleUrl, directory, startParams] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const db = await PGlite.create(directory, { startParams: JSON.parse(startParams) });
await db.close();
`;

/**
 * Creates a new PGlite data directory in a short-lived child process. Creating a cluster (initdb)
 * grows PGlite's WebAssembly heap to about 600 MB, and a WebAssembly heap never shrinks: done in
 * the service's own process, the first start would hold that for its lifetime, against about
 * 230 MB for every later start on the same directory. A directory that already holds a cluster is
 * left alone.
 */
export async function initialisePgliteDirectory(directory: string, startParams: string[]): Promise<void> {
  if (existsSync(join(directory, "PG_VERSION"))) return;
  const moduleUrl = import.meta.resolve("@electric-sql/pglite");
  await run(
    process.execPath,
    ["--input-type=module", "-e", INITIALISE, moduleUrl, directory, JSON.stringify(startParams)],
    { timeout: 120_000 },
  ).catch((error: Error & { stderr?: string }) => {
    throw new Error(`could not create the embedded database in ${directory}: ${error.stderr?.trim() || error.message}`);
  });
}

/**
 * What PGlite.create needs to open `directory` (undefined: in memory) when it holds no cluster
 * yet: the build's archive of a new one to load, or, without an archive (a source checkout never
 * built), nothing, once the cluster was created in a child process (a directory) or by PGlite
 * itself (in memory).
 */
export async function newClusterOptions(
  directory: string | undefined,
  startParams: string[],
): Promise<{ loadDataDir?: Blob }> {
  if (directory && existsSync(join(directory, "PG_VERSION"))) return {};
  const archive = findClusterArchive();
  if (archive) return { loadDataDir: new Blob([await readFile(archive)]) };
  if (directory) await initialisePgliteDirectory(directory, startParams);
  return {};
}
