import { type Auth, createAuth, type PasswordHasher } from "./auth/auth.js";
import type { Config } from "./config.js";
import { ChangeFeed } from "./db/change-feed.js";
import { type Database, openDatabase } from "./db/client.js";
import type { Logger } from "./logging/logger.js";
import type { PoolObserver } from "./metrics/sources.js";

export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  auth: Auth;
  /** Committed changes from every instance, for the app's caches and live streams; close it before the database. */
  changes: ChangeFeed;
}

/**
 * Opens and migrates the database, listens for its changes and builds better-auth on it: what the
 * server, CLI and tests share.
 */
export async function openServices(
  config: Config,
  logger: Logger,
  passwordHasher?: PasswordHasher,
  poolObserver?: PoolObserver,
): Promise<Services> {
  const database = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    connectionTimeoutMillis: config.databaseConnectTimeoutMs,
    queryTimeoutMillis: config.databaseQueryTimeoutMs,
    onPoolError: (error) => logger.warn("Idle database connection lost", { errorName: error.name }),
    replicaUrls: config.databaseReplicas.urls,
    onReplicaUnavailable: (error) =>
      logger.warn("Read replica unavailable: reading from the primary", { errorName: (error as Error).name }),
    onMaintenanceError: (error) => logger.warn("Embedded database maintenance failed", { errorName: error.name }),
    poolObserver,
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const auth = createAuth({ config, db: database.db, logger, passwordHasher });
  const changes = await ChangeFeed.open(database, logger);
  return { config, logger, database, auth, changes };
}
