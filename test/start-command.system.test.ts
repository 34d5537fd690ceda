import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startNpmStart } from "./service-process.js";

// The memory settings `npm start` gives the service, and the variables that change them, read from
// the running node process as an operator would find them (`ps`, /proc).

/** Starts `npm start` with the extra environment; answers the node process's arguments and environment. */
async function startedNode(extra: Record<string, string>): Promise<{ args: string[]; env: string[] }> {
  const service = await startNpmStart({
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "start-command-test-secret-of-at-least-32-characters",
    DATABASE_URL: "pglite:memory",
    LOG_LEVEL: "info",
    ...extra,
  });
  try {
    // npm's script runs `exec node ...`: the service is npm's only child.
    const pid = execFileSync("pgrep", ["-P", String(service.process.pid)], { encoding: "utf8" }).trim();
    const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, "utf8").split("\0").filter(Boolean);
    return { args: read("cmdline"), env: read("environ") };
  } finally {
    await service.stop();
  }
}

describe.skipIf(process.platform !== "linux")("npm start", () => {
  it("caps V8's old generation at 256 MB and glibc's malloc at 2 arenas by default", async () => {
    const node = await startedNode({});
    expect(node.args).toContain("--max-old-space-size=256");
    expect(node.args).toContain("--max-semi-space-size=16");
    expect(node.env).toContain("MALLOC_ARENA_MAX=2");
  }, 60_000);

  it("takes MAX_OLD_SPACE_MB, MAX_SEMI_SPACE_MB and MALLOC_ARENA_MAX from the environment", async () => {
    const node = await startedNode({ MAX_OLD_SPACE_MB: "1024", MAX_SEMI_SPACE_MB: "32", MALLOC_ARENA_MAX: "4" });
    expect(node.args).toContain("--max-old-space-size=1024");
    expect(node.args).toContain("--max-semi-space-size=32");
    expect(node.env).toContain("MALLOC_ARENA_MAX=4");
  }, 60_000);
});
