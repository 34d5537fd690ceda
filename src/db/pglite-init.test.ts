import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { initialisePgliteDirectory } from "./pglite-init.js";

const root = mkdtempSync(join(tmpdir(), "pglite-init-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("creating an embedded data directory in a child process", () => {
  it("creates a cluster this process then opens, and leaves an existing one alone", async () => {
    const directory = join(root, "fresh");
    const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
    await initialisePgliteDirectory(directory, startParams);
    expect(existsSync(join(directory, "PG_VERSION"))).toBe(true);

    const db = await PGlite.create(directory, { startParams });
    await db.exec("create table kept (value text); insert into kept values ('written after creation')");
    await db.close();
    const created = statSync(join(directory, "PG_VERSION")).mtimeMs;

    await initialisePgliteDirectory(directory, startParams);
    expect(statSync(join(directory, "PG_VERSION")).mtimeMs).toBe(created);
    const reopened = await PGlite.create(directory, { startParams });
    expect((await reopened.query<{ value: string }>("select value from kept")).rows).toEqual([
      { value: "written after creation" },
    ]);
    await reopened.close();
  }, 60_000);

  it("fails with the directory's name when the cluster cannot be created", async () => {
    const directory = join(root, "refused");
    await expect(initialisePgliteDirectory(directory, ["-c", "shared_buffers=not-a-size"])).rejects.toThrow(
      `could not create the embedded database in ${directory}`,
    );
  }, 60_000);
});
