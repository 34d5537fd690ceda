import { ConfigError, loadConfig } from "../config.js";
import { loadEnvFile } from "../env-file.js";
import { openDatabase } from "./client.js";
import { DataDirectoryInUseError } from "./data-dir-lock.js";
import { databaseUrlForCommand } from "./pglite-socket.js";

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL and exits (npm start does the same before listening). */
async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  // An embedded database that the service holds is migrated through the service.
  const url = await databaseUrlForCommand(config.databaseUrl);
  const database = await openDatabase({ url, connectionTimeoutMillis: config.databaseConnectTimeoutMs });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const through = url === config.databaseUrl ? "" : " through the running service";
  console.log(
    `Migrations applied to the ${config.databaseUrl.startsWith("pglite:") ? "pglite" : "postgres"} database${through}`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirectoryInUseError;
  console.error(known ? error.message : `Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
