import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { layerRules } from "./eslint.layers.js";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "drizzle/",
      "coverage/",
      ".data/",
      ".ci/artifacts/",
      "client/api.d.ts",
      "client/dist/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": "error",
      // An interface that extends one other is how a module declares into another's interface.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // Off: an async function without await is how a callback meets an interface that wants a
      // promise (better-auth hooks, autocannon requests, test hashers). The promise rules below
      // the recommended set (no-floating-promises, no-misused-promises) stay on.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Response bodies read through supertest are `any` by its typing: the tests assert on them
    // field by field, which these rules would make a cast on every line.
    files: ["**/*.test.ts", "test/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  { files: ["**/*.js"], extends: [tseslint.configs.disableTypeChecked] },
  ...layerRules,
);
