import { type Auth, createAuth, type PasswordHasher } from "./auth/auth.js";
import type { Config } from "./config.js";
import { ChangeFeed } from "./changes/index.js";
import { type Database, openDatabase } from "./db/client.js";
import type { Logger } from "./logging/logger.js";
import { Mailer } from "./mail/mailer.js";
import type { PoolObserver } from "./db/pool-observer.js";

export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  auth: Auth;
  /** Committed changes from every instance, for the app's caches and live streams; close it before the database. */
  changes: ChangeFeed;
  /** The mail outbox; its worker runs only where startWorker() was called (the server, not the CLI). */
  mailer: Mailer;
}

export interface ServiceOptions {
  /** better-auth's scrypt unless given. */
  passwordHasher?: PasswordHasher;
  /** An in-memory PGlite's data directory to start from (see `DatabaseOptions`). */
  initialData?: Blob;
  /** Sees the database pool's connections checked out and their waits (metrics). */
  poolObserver?: PoolObserver;
}

/**
 * Opens and migrates the database, listens for its changes and builds better-auth on it: what the
 * server, CLI and tests share.
 */
export async function openServices(
  config: Config,
  logger: Logger,
  { passwordHasher, initialData, poolObserver }: ServiceOptions = {},
): Promise<Services> {
  const database = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    connectionTimeoutMillis: config.databaseConnectTimeoutMs,
    queryTimeoutMillis: config.databaseQueryTimeoutMs,
    onPoolError: (error) => logger.warn("Idle database connection lost", { errorName: error.name }),
    replicaUrls: config.databaseReplicas.urls,
    replicaTimeoutMillis: config.databaseReplicas.timeoutMs,
    replicaMaxLagMs: config.databaseReplicas.maxLagMs,
    onReplicaChange: ({ replica, inUse, problem }) => {
      if (inUse) logger.info("Read replica in use again", { replica });
      else logger.warn("Read replica unavailable: reading from the primary", { replica, problem });
    },
    onMaintenanceError: (error) => logger.warn("Embedded database maintenance failed", { errorName: error.name }),
    onDataDirectoryMadePrivate: (entries) =>
      logger.warn(
        `The embedded database's files were readable by other users: ${entries} files and folders made private to the service's user`,
      ),
    initialData,
    poolObserver,
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const replicas = database.replicaStatuses();
  if (replicas.length > 0 && !replicas.some((status) => status.inUse)) {
    logger.warn("No read replica is usable: every read goes to the primary (see the warnings above for why)");
  }
  const mailer = new Mailer({ config, db: database.db, logger });
  const auth = createAuth({ config, db: database.db, logger, mailer, passwordHasher });
  const changes = await ChangeFeed.open(database, logger);
  return { config, logger, database, auth, changes, mailer };
}
