import { existsSync, mkdirSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Database, DatabaseOptions } from "./database.js";
import { lockDataDirectory } from "./data-dir-lock.js";
import { makeDataDirectoryPrivate } from "./data-dir-permissions.js";
import { ListenerSet, listenOnPglite } from "./listen.js";
import { migratePglite } from "./migrate.js";
import { EmbeddedDatabaseGate } from "./pglite-gate.js";
import { newClusterOptions } from "./pglite-init.js";
import { serveEmbeddedDatabase } from "./pglite-socket.js";
import { schema } from "./schema.js";

// How often an embedded database is vacuumed and analyzed while the service runs.
const PGLITE_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * PGlite places PostgreSQL's shared memory in its WebAssembly heap, touches all of it at start, and
 * a WebAssembly heap never shrinks: the server default of 128 MB of shared buffers kept about 120 MB
 * more resident than this, for a cache that the operating system's page cache already provides for
 * the data files (an in-memory database copies pages from memory anyway).
 */
const PGLITE_SHARED_BUFFERS = "shared_buffers=16MB";

// How long /ready waits for a client of the socket (a psql session, a command) to give the database back.
const PING_WAIT_MS = 500;

/** The embedded database: in memory, or a data directory this process holds and serves on a socket. */
export async function openPglite({
  url,
  queryTimeoutMillis,
  onMaintenanceError,
  onDataDirectoryMadePrivate,
  initialData,
}: DatabaseOptions): Promise<Database> {
  const location = url.slice("pglite:".length);
  const inMemory = location === "memory";
  if (!inMemory) {
    const existing = existsSync(join(location, "PG_VERSION"));
    mkdirSync(location, { recursive: true, mode: 0o700 });
    const changed = makeDataDirectoryPrivate(location);
    if (existing && changed > 0) onDataDirectoryMadePrivate?.(changed);
  }
  // Loaded here only, so that a service on PostgreSQL does not hold PGlite's code in memory.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  // One process holds a directory and serves it to the others (see data-dir-lock.ts).
  const lock = inMemory ? undefined : await lockDataDirectory(location);
  const startParams = [...PGlite.defaultStartParams, "-c", PGLITE_SHARED_BUFFERS];
  const open = async () => {
    const dataDir = inMemory ? undefined : location;
    const cluster =
      inMemory && initialData ? { loadDataDir: initialData } : await newClusterOptions(dataDir, startParams);
    const opened = await PGlite.create(dataDir, { startParams, ...cluster });
    // What PGlite itself just wrote: a new cluster's files, the relation cache file.
    if (!inMemory) makeDataDirectoryPrivate(location);
    return opened;
  };
  const client = await open().catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const gate = new EmbeddedDatabaseGate();
  const socket = inMemory ? undefined : await serveEmbeddedDatabase(client, location, gate);
  if (socket) lock?.announce(socket.directory);
  const db = drizzlePglite(gatedClient(client, gate, queryTimeoutMillis), { schema });
  // PGlite runs no autovacuum worker: without this the planner would never have statistics, dead
  // rows would never be reclaimed and no index-only scan could skip the table. Once after the
  // migrations, then hourly; requests' queries wait while it runs (PGlite runs one at a time).
  const maintain = () => client.exec("vacuum analyze");
  const maintenance = setInterval(
    () => void maintain().catch((error: Error) => onMaintenanceError?.(error)),
    PGLITE_MAINTENANCE_INTERVAL_MS,
  ).unref();
  const listeners = new ListenerSet();
  return {
    db,
    kind: "pglite",
    freeDiskBytes: async () => {
      if (inMemory) return undefined;
      const stats = await statfs(location);
      return stats.bavail * stats.bsize;
    },
    // Not the query timeout: a load balancer's probe gives up after a second or so.
    ping: () => gate.run(async () => void (await client.query("select 1")), PING_WAIT_MS),
    migrate: async () => {
      await migratePglite(client);
      await maintain();
    },
    listen: (channel, handlers) => listeners.add(listenOnPglite(client, channel, handlers)),
    replicaStatuses: () => [],
    pools: () => [],
    close: async () => {
      clearInterval(maintenance);
      await listeners.closeAll();
      await socket?.close();
      await client.close();
      lock?.release();
    },
  };
}

/**
 * What drizzle is given instead of the PGlite instance: the two calls it makes (and an archive of
 * the cluster, for the test suite), each let into
 * the database by the gate (see pglite-gate.ts), waiting for the socket's clients at most as long
 * as a query may take.
 */
function gatedClient(client: PGlite, gate: EmbeddedDatabaseGate, waitMs: number | undefined): PGlite {
  const gated: Pick<PGlite, "query" | "transaction" | "dumpDataDir"> = {
    query: (...args) => gate.run(() => client.query(...args), waitMs),
    transaction: (callback) => gate.run(() => client.transaction(callback), waitMs),
    // Not a call drizzle makes: an archive of the whole cluster, for the test suite's template.
    dumpDataDir: (compression) => gate.run(() => client.dumpDataDir(compression), waitMs),
  };
  return gated as PGlite;
}
