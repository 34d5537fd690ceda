import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { documentedVariables, envExample, withTable } from "./reference.js";

const USAGE = `Usage:
  npm run config:docs    write docs/configuration.md's table and .env.example from src/config.ts
  npm run config:check   fail when either differs from what src/config.ts says`;

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const files = { reference: root("docs/configuration.md"), example: root(".env.example") };

function expected(): { reference: string; example: string } {
  const variables = documentedVariables();
  return {
    reference: withTable(readFileSync(files.reference, "utf8"), variables),
    example: envExample(variables),
  };
}

const command = process.argv[2];
try {
  const want = expected();
  if (command === "generate") {
    writeFileSync(files.reference, want.reference);
    writeFileSync(files.example, want.example);
    console.log("wrote docs/configuration.md and .env.example");
  } else if (command === "check") {
    const stale = (["reference", "example"] as const).filter((k) => readFileSync(files[k], "utf8") !== want[k]);
    if (stale.length > 0) {
      console.error(`${stale.map((k) => files[k]).join(" and ")} differ from src/config.ts: run npm run config:docs`);
      process.exitCode = 1;
    } else console.log("docs/configuration.md and .env.example match src/config.ts");
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
