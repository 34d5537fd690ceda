import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadEnvFile } from "./env-file.js";

describe("loadEnvFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "env-file-"));
  const names = ["ENV_FILE_TEST_SET_BEFORE", "ENV_FILE_TEST_FROM_FILE"];
  afterEach(() => {
    for (const name of names) delete process.env[name];
    vi.restoreAllMocks();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("adds the file's variables, keeps the ones already set, and prints nothing", () => {
    const path = join(dir, ".env");
    writeFileSync(path, "ENV_FILE_TEST_SET_BEFORE=from-file\nENV_FILE_TEST_FROM_FILE=from-file\n");
    process.env.ENV_FILE_TEST_SET_BEFORE = "from-environment";
    const printed = [vi.spyOn(console, "log"), vi.spyOn(console, "error"), vi.spyOn(console, "info")];

    loadEnvFile(path);

    expect(process.env.ENV_FILE_TEST_SET_BEFORE).toBe("from-environment");
    expect(process.env.ENV_FILE_TEST_FROM_FILE).toBe("from-file");
    for (const spy of printed) expect(spy).not.toHaveBeenCalled();
  });

  it("does nothing without a file", () => {
    expect(() => loadEnvFile(join(dir, "missing.env"))).not.toThrow();
    expect(process.env.ENV_FILE_TEST_FROM_FILE).toBeUndefined();
  });
});
