// Builds dist/: one esbuild bundle per runtime entry point. Node 24's ESM loader costs about
// 200 MB of RSS over drizzle's many small modules; one bundled file avoids that cost. Then the
// admin console (admin/, Vite) into dist/admin/, which the service serves as files at /admin/.
//
//   node scripts/build.ts             build
//   node scripts/build.ts --if-stale  build only when a source is newer than dist/ and esbuild is
//                                     installed (npm's prestart; a production image has neither)
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as Esbuild from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const entryPoints = {
  main: "src/main.ts",
  "cli/users": "src/cli/users.ts",
  "cli/backup": "src/cli/backup.ts",
  "db/migrate-cli": "src/db/migrate-cli.ts",
};
const outputs = [
  ...Object.keys(entryPoints).map((name) => join(root, "dist", `${name}.js`)),
  join(root, "dist", "admin", "index.html"),
];

/** Newest modification time under a folder (or of a file), 0 when it does not exist. */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function isStale(): boolean {
  const sources = Math.max(newestChange(join(root, "src")), newestChange(join(root, "admin")));
  if (sources === 0) return false;
  const built = Math.min(...outputs.map((output) => (existsSync(output) ? statSync(output).mtimeMs : 0)));
  return sources > built;
}

async function loadEsbuild(): Promise<typeof Esbuild | undefined> {
  try {
    return await import("esbuild");
  } catch {
    return undefined;
  }
}

const ifStale = process.argv.includes("--if-stale");
if (ifStale && !isStale()) process.exit(0);
const esbuild = await loadEsbuild();
if (!esbuild) {
  if (ifStale) {
    console.warn("dist/ is older than src/, but esbuild is not installed (production install): running dist/ as it is");
    process.exit(0);
  }
  console.error("esbuild is not installed: run `npm install` first");
  process.exit(1);
}

/**
 * prom-client needs @opentelemetry/api (its CPU metric reads the active span); once installed,
 * better-auth and redis, which look for it, would find it too. Bundled for them (or as a stub that
 * throws), the service's RSS after start was 2 MB higher with METRICS_PORT unset; for them it
 * stays a package that cannot be found at run time, as before prom-client, and they keep their
 * no-op paths.
 */
const openTelemetryForPromClientOnly: Esbuild.Plugin = {
  name: "opentelemetry-for-prom-client-only",
  setup(build) {
    // A package that does not exist: importing it fails at run time, as it did before prom-client.
    build.onResolve({ filter: /^@opentelemetry\/api$/ }, (args) =>
      args.importer.includes("/node_modules/prom-client/")
        ? undefined
        : { path: "@opentelemetry/api-not-bundled", external: true },
    );
  },
};

rmSync(join(root, "dist"), { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints,
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  // Code used on one path only (PGlite) goes to chunks loaded when that path runs.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  // Stack traces need the mappings only; the sources stay in src/. See keepOwnMappings too.
  sourcesContent: false,
  // Less source text and fewer mappings to hold in memory; names stay as written.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  // PGlite loads its WebAssembly and data files next to its own module; pg-native is optional
  // and absent (pg falls back to JavaScript when requiring it fails).
  external: ["@electric-sql/pglite", "pg-native"],
  plugins: [openTelemetryForPromClientOnly],
  // Bundled CommonJS packages call require() for Node's built-ins, which an ES module lacks.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
});
await keepOwnMappings(join(root, "dist"));
await writeClusterArchive(join(root, "dist"));
// Vite is a development dependency like esbuild: present whenever esbuild is.
const vite = await import("vite");
await vite.build({ configFile: join(root, "admin", "vite.config.ts") });

/**
 * The archive of a new PGlite cluster that a first start on a new data directory (and every
 * in-memory database) loads instead of creating one (see src/db/pglite-archive.ts). Made once per
 * PGlite version and kept in node_modules/.cache, since creating it takes a while and dist/ is
 * rebuilt from scratch.
 */
async function writeClusterArchive(dir: string): Promise<void> {
  const pglite = join(root, "node_modules", "@electric-sql", "pglite", "package.json");
  const { version } = JSON.parse(readFileSync(pglite, "utf8")) as { version: string };
  // The name src/db/pglite-archive.ts looks for.
  const name = `pglite-cluster-${version}.tar.gz`;
  const cached = join(root, "node_modules", ".cache", "posts-api", name);
  if (!existsSync(cached)) {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create();
    const archive = await db.dumpDataDir("gzip");
    await db.close();
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(`${cached}.tmp`, Buffer.from(await archive.arrayBuffer()));
    renameSync(`${cached}.tmp`, cached);
  }
  copyFileSync(cached, join(dir, name));
}

/**
 * Drops the mappings into node_modules from every source map: Node parses a whole map the first
 * time it formats a stack trace (any logged error), and the dependencies' mappings cost about
 * 35 MB of memory for good. Frames in our code still point at src/; frames in a dependency point
 * at the bundle, under the function's own name.
 */
async function keepOwnMappings(dir: string): Promise<void> {
  const { decode, encode } = await import("@jridgewell/sourcemap-codec");
  const maps = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js.map"));
  for (const file of maps) {
    const map = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
      sources: string[];
      names: string[];
      mappings: string;
    };
    const kept = map.sources.flatMap((source, index) => (source.includes("node_modules/") ? [] : [index]));
    const newIndex = new Map(kept.map((oldIndex, index) => [oldIndex, index]));
    const lines = decode(map.mappings).map((line) =>
      line.flatMap((segment) => {
        const source = segment.length > 1 ? newIndex.get(segment[1]!) : undefined;
        if (source === undefined) return [];
        const renumbered: typeof segment = [...segment];
        renumbered[1] = source;
        return [renumbered];
      }),
    );
    map.sources = kept.map((index) => map.sources[index]!);
    map.mappings = encode(lines);
    writeFileSync(join(dir, file), JSON.stringify(map));
  }
}
