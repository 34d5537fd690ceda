import { config } from "dotenv";

/** Reads `.env` from the working directory when there is one; variables already set win. */
export function loadEnvFile(path = ".env"): void {
  // Quiet: dotenv would otherwise print a line on every start, before the logger is configured.
  config({ path, quiet: true });
}
