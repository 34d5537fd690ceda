import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { sourceMappedStack } from "./source-mapped-stack.js";

describe("sourceMappedStack", () => {
  const dir = mkdtempSync(join(tmpdir(), "source-mapped-stack-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A bundle built as scripts/build.ts builds dist/ (ESM, minified whitespace, linked map), whose
  // trace is read once raw and once as `node --enable-source-maps` maps it.
  async function stacks(): Promise<{ raw: string; node: string }> {
    writeFileSync(
      join(dir, "failing.ts"),
      [
        "export function failing(): never {",
        "  const reason = 'nothing to read';",
        "  throw new Error(reason);",
        "}",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "entry.ts"),
      [
        "import { failing } from './failing';",
        "try {",
        "  failing();",
        "} catch (error) {",
        "  console.log((error as Error).stack);",
        "}",
      ].join("\n"),
    );
    await build({
      entryPoints: [join(dir, "entry.ts")],
      outfile: join(dir, "dist", "entry.js"),
      bundle: true,
      format: "esm",
      platform: "node",
      sourcemap: true,
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: "silent",
    });
    const run = (flags: string[]) =>
      spawnSync(process.execPath, [...flags, join(dir, "dist", "entry.js")], { encoding: "utf8" }).stdout;
    return { raw: run([]), node: run(["--enable-source-maps"]) };
  }

  it("points each frame in the bundle where node --enable-source-maps does", async () => {
    const { raw, node } = await stacks();
    const places = (stack: string) => [...stack.matchAll(/\/[^\s()]+\.(?:ts|js):\d+:\d+/g)].map(([place]) => place);
    expect(raw).toContain(join(dir, "dist", "entry.js"));
    const mapped = places(sourceMappedStack(raw, join(dir, "dist")));
    expect(mapped.slice(0, 2)).toEqual([`${join(dir, "failing.ts")}:3:9`, `${join(dir, "entry.ts")}:3:3`]);
    expect(mapped).toEqual(places(node));
  });

  it("leaves the message, places outside the bundle and places it cannot read as they are", async () => {
    const { raw } = await stacks();
    const bundle = join(dir, "dist");
    const hostile = [
      `Error: ${"/".repeat(100_000)} file:///a%2Fb.js:1:1 ${bundle}/entry.js:1:1`,
      "    at run (node:internal/main:1:2)",
      "    at f (/nowhere/at/all.js:3:4)",
      `    at g (file://${bundle}/a%2Fb.js:1:1)`,
      `    at h (file://${bundle}/%E0.js:1:1)`,
      `    at i (${bundle}/missing.js:1:1)`,
    ].join("\n");
    expect(sourceMappedStack(hostile, bundle)).toBe(hostile);
    // A place that names the bundle's folder but leads out of it (a dependency beside it) is not read.
    mkdirSync(join(dir, "node_modules"), { recursive: true });
    copyFileSync(join(bundle, "entry.js"), join(dir, "node_modules", "entry.js"));
    copyFileSync(join(bundle, "entry.js.map"), join(dir, "node_modules", "entry.js.map"));
    const outside = raw.replaceAll(join(bundle, "entry.js"), `${bundle}/../node_modules/entry.js`);
    expect(outside).toContain("/../node_modules/entry.js:");
    expect(sourceMappedStack(outside, bundle)).toBe(outside);
    // Not run from a bundle (as in the tests themselves): nothing to map.
    expect(sourceMappedStack(raw, undefined)).toBe(raw);
  });
});
