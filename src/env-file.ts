import { existsSync } from "node:fs";

/** Reads `.env` from the working directory when there is one; variables already set win. */
export function loadEnvFile(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
