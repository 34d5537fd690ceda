import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The layers of src/ (docs/architecture.md), lowest first: a module may import its own layer and
// the layers below it, never one above. Each layer is a list of folders or root files of src/.
// A crossing fails `npm run check` with the rule's message, naming both layers.
export const LAYERS = [
  ["foundation", ["config.ts", "env-file.ts", "roles.ts", "logging"]],
  ["db", ["db"]],
  ["changes", ["changes"]],
  ["mail", ["mail"]],
  ["http", ["http"]],
  ["auth", ["auth"]],
  ["features", ["users", "posts", "comments", "notifications", "tags", "audit", "admin", "account"]],
  ["route groups", ["v1", "v2"]],
  ["spine", ["app.ts", "route-groups.ts", "deps.ts", "services.ts", "main.ts", "openapi", "metrics", "cli", "backup"]],
];

// Every folder and source file of src/ belongs to a layer: one left out would be checked by nothing.
const listed = new Set(LAYERS.flatMap(([, entries]) => entries));
const unlisted = readdirSync(fileURLToPath(import.meta.resolve("./src/"))).filter(
  (entry) => !entry.endsWith(".test.ts") && !listed.has(entry),
);
if (unlisted.length > 0)
  throw new Error(
    `src/${unlisted.join(", src/")} belongs to no layer: list it in eslint.layers.js (docs/architecture.md)`,
  );

// The layers below HTTP never handle a request: Express is not theirs to import.
const WITHOUT_HTTP = new Set(["db", "changes", "mail"]);

// Imports a lower layer needs of a higher one, each with its reason. Type-only unless said.
const ALLOWED = {
  // The request log is an observer of finished HTTP requests: it names their type only.
  foundation: [{ layer: "http", module: "finished-requests", typesOnly: true }],
};

const toGlob = (entry) => (entry.endsWith(".ts") ? entry.replace(/\.ts$/, ".js") : `${entry}/**`);

export const layerRules = LAYERS.map(([name, entries], index) => {
  const above = LAYERS.slice(index + 1);
  const allowed = ALLOWED[name] ?? [];
  const patterns = above.flatMap(([higher, higherEntries]) =>
    higherEntries.map((entry) => {
      const exception = allowed.find((a) => a.layer === higher && entry === a.layer);
      return {
        group: [`**/${toGlob(entry)}`, ...(exception ? [`!**/${entry}/${exception.module}.js`] : [])],
        message: `layer "${name}" must not import layer "${higher}" (${entry}); see docs/architecture.md`,
      };
    }),
  );
  const typeOnly = allowed
    .filter((a) => a.typesOnly)
    .map((a) => ({
      group: [`**/${a.layer}/${a.module}.js`],
      allowTypeImports: true,
      message: `layer "${name}" may import only types from ${a.layer}/${a.module}; see docs/architecture.md`,
    }));
  const files = entries.map((entry) => (entry.endsWith(".ts") ? `src/${entry}` : `src/${entry}/**/*.ts`));
  return {
    files,
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [...patterns, ...typeOnly],
          paths: WITHOUT_HTTP.has(name)
            ? [{ name: "express", message: `layer "${name}" must not import express; see docs/architecture.md` }]
            : [],
        },
      ],
    },
  };
});
