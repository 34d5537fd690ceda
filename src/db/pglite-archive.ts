import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A new, empty PGlite cluster made once by `npm run build` (scripts/build.ts), which the service
 * loads into a new data directory instead of creating one. Creating a cluster (initdb) takes PGlite
 * more than a gigabyte for a moment and about 15 s of a busy core; loading this archive takes a few
 * seconds and no more memory than any later start. It is named after the PGlite version that made
 * it: another version's cluster may not open, and is not used.
 */
export function clusterArchiveName(pgliteVersion: string): string {
  return `pglite-cluster-${pgliteVersion}.tar.gz`;
}

/** The version of the installed @electric-sql/pglite, read from its package.json. */
export function installedPgliteVersion(): string {
  // Two folders up from its entry point (dist/index.cjs); its exports do not include package.json.
  // Resolved as CommonJS: vitest's module runner has no `import.meta.resolve`.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/**
 * The archive in the project's dist/ for the installed PGlite, found from this module upwards (it
 * is src/db under tsx and tests, a bundle under dist/ once built), or undefined when none was built.
 */
export function findClusterArchive(): string | undefined {
  const name = clusterArchiveName(installedPgliteVersion());
  const from = dirname(fileURLToPath(import.meta.url));
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, "dist", name);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, "package.json"))) return undefined;
  }
  return undefined;
}
