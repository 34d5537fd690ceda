import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { loadConfig } from "../config.js";
import { createLogger } from "../logging/logger.js";
import { openServices } from "../services.js";
import { buildOpenApiDocument } from "./document.js";

// The client's types, generated from the document the service serves, and committed so a frontend
// can use them without running the service.
const TYPES_FILE = "client/api.d.ts";
const typesPath = fileURLToPath(new URL(`../../${TYPES_FILE}`, import.meta.url));
const HEADER = `// Generated from GET /api/openapi.json by openapi-typescript: npm run openapi:types. Do not edit.\n\n`;

/** The document the app serves; the configuration is fixed so the machine's .env cannot change it. */
async function servedDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: "pglite:memory", LOG_LEVEL: "error" });
  const services = await openServices(config, createLogger(config));
  try {
    return JSON.parse(JSON.stringify(await buildOpenApiDocument(services.auth))) as Record<string, unknown>;
  } finally {
    await services.database.close();
  }
}

const [command, outputFile] = process.argv.slice(2);
const document = await servedDocument();
const types = HEADER + astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
if (command === "write" && outputFile) {
  // For tools that read a file (the linter in CI).
  writeFileSync(outputFile, JSON.stringify(document, null, 2));
} else if (command === "generate") {
  writeFileSync(typesPath, types);
  console.log(`wrote ${TYPES_FILE}`);
} else if (command === "check") {
  let committed = "";
  try {
    committed = readFileSync(typesPath, "utf8");
  } catch {
    // A missing file differs like any other.
  }
  if (committed !== types) {
    console.error(`${TYPES_FILE} differs from the served OpenAPI document: run npm run openapi:types and commit it`);
    process.exit(1);
  }
  console.log(`${TYPES_FILE} matches the served OpenAPI document`);
} else {
  console.error("Usage: tsx src/openapi/cli.ts generate|check|write FILE");
  process.exit(2);
}
