import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { LAYERS } from "../eslint.layers.js";

// The layer rules run in `npm run check`; these hold them to refusing what they are for.
const eslint = new ESLint();

async function layerMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

// The first lint loads the TypeScript program behind the typed rules: slow on a loaded machine.
describe("the layer rules", { timeout: 120_000 }, () => {
  it("place every folder and module of src/ in a layer, so none escapes them", () => {
    const placed = new Set(LAYERS.flatMap(([, entries]) => entries));
    const entries = readdirSync("src", { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")))
      .map((entry) => entry.name);
    expect(entries.filter((entry) => !placed.has(entry))).toEqual([]);
  });

  it("refuse the database layer importing HTTP, naming both layers", async () => {
    const messages = await layerMessages(
      "src/db/errors.ts",
      'import { badRequest } from "../http/errors.js";\nvoid badRequest;\n',
    );
    expect(messages).toEqual([expect.stringContaining('layer "db" must not import layer "http" (http)')]);
  });

  it("refuse Express below the HTTP layer", async () => {
    const messages = await layerMessages("src/changes/feed.ts", 'import express from "express";\nvoid express;\n');
    expect(messages).toEqual([expect.stringContaining('layer "changes" must not import express')]);
  });

  it("refuse a feature importing a route group or the document", async () => {
    const messages = await layerMessages(
      "src/posts/service.ts",
      'import { v2Routes } from "../v2/routes.js";\nimport { openApiRouter } from "../openapi/router.js";\nvoid v2Routes;\nvoid openApiRouter;\n',
    );
    expect(messages).toHaveLength(2);
  });

  it("let a layer import the layers below it", async () => {
    const messages = await layerMessages(
      "src/posts/service.ts",
      'import { badRequest } from "../http/errors.js";\nvoid badRequest;\n',
    );
    expect(messages).toEqual([]);
  });

  it("let the request log name a finished request's type only", async () => {
    const typeOnly =
      'import type { FinishedRequest } from "../http/finished-requests.js";\nexport type F = FinishedRequest;\n';
    const value = 'import { FinishedRequests } from "../http/finished-requests.js";\nvoid FinishedRequests;\n';
    expect(await layerMessages("src/logging/request-logger.ts", typeOnly)).toEqual([]);
    expect(await layerMessages("src/logging/request-logger.ts", value)).toHaveLength(1);
  });
});
