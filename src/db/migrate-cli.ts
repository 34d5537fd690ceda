import { ConfigError, loadConfig } from "../config.js";
import { loadEnvFile } from "../env-file.js";
import { openDatabase } from "./client.js";

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL and exits (npm start does the same before listening). */
async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, connectionTimeoutMillis: config.databaseConnectTimeoutMs });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log(`Migrations applied to the ${database.kind} database`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
