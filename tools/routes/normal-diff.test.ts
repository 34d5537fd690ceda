import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { applyHunks, diffTables, formatHunks, parseHunkHeader } from "./normal-diff.js";

const METHODS = ["DELETE", "GET", "PATCH", "POST", "PUT"];
const RESOURCES = ["events", "notifications", "posts", "tasks", "users"];
/** Route lines of v1 and v2 side by side, so random tables share, lose and gain lines in every pattern. */
const ROUTE_UNIVERSE = METHODS.flatMap((method) =>
  RESOURCES.flatMap((resource) => [
    `${method} /api/${resource}`,
    `${method} /api/${resource}/:id`,
    `${method} /api/v2/${resource}/`,
    `${method} /api/v2/${resource}/:id/`,
  ]),
).sort();

/** A random route table: a sorted subset of the universe, as the app's tables are. */
const routeTable = fc.subarray(ROUTE_UNIVERSE);

/** Two tables a few routes apart, as consecutive versions of an app usually are. */
const nearbyTables = fc
  .tuple(routeTable, fc.uniqueArray(fc.constantFrom(...ROUTE_UNIVERSE), { minLength: 1, maxLength: 6 }))
  .map(([table, toggled]) => {
    const next = new Set(table);
    for (const line of toggled) if (!next.delete(line)) next.add(line);
    return [table, [...next].sort()] as const;
  });

const workDir = mkdtempSync(join(tmpdir(), "routes-diff-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function gnuDiff(oldTable: readonly string[], newTable: readonly string[]): string {
  const toFile = (name: string, table: readonly string[]) => {
    const path = join(workDir, name);
    writeFileSync(path, table.map((line) => `${line}\n`).join(""));
    return path;
  };
  const result = spawnSync("/usr/bin/diff", [toFile("old", oldTable), toFile("new", newTable)], { encoding: "utf8" });
  if (result.status !== 0 && result.status !== 1) throw new Error(`diff failed: ${result.stderr}`);
  return result.stdout;
}

const rendered = (oldTable: readonly string[], newTable: readonly string[]) =>
  formatHunks(diffTables(oldTable, newTable))
    .map((line) => `${line}\n`)
    .join("");

describe("normal diff of route tables", () => {
  it("prints what GNU diff prints for the same two tables", () => {
    fc.assert(
      fc.property(routeTable, routeTable, (oldTable, newTable) => {
        expect(rendered(oldTable, newTable)).toBe(gnuDiff(oldTable, newTable));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(nearbyTables, ([oldTable, newTable]) => {
        expect(rendered(oldTable, newTable)).toBe(gnuDiff(oldTable, newTable));
      }),
      { numRuns: 300 },
    );
    // 600 runs of GNU diff as a process: minutes on a loaded machine, seconds on a quiet one.
  }, 180_000);

  it("applies its own hunks to turn the old table into the new one", () => {
    fc.assert(
      fc.property(routeTable, routeTable, (oldTable, newTable) => {
        expect(applyHunks(oldTable, diffTables(oldTable, newTable))).toEqual(newTable);
      }),
      { numRuns: 300 },
    );
  });

  it("records a move from /api/<resource> to /api/v2/<resource> as a change", () => {
    const v1 = ["DELETE /api/events/:id", "GET /api/events", "GET /api/tasks", "POST /api/events"];
    const v2 = ["DELETE /api/v2/events/:id", "GET /api/v2/events", "GET /api/v2/tasks", "POST /api/v2/events"];
    const expected = ["1,4c1,4", ...v1.map((line) => `< ${line}`), "---", ...v2.map((line) => `> ${line}`)];
    expect(formatHunks(diffTables(v1, v2))).toEqual(expected);
    expect(rendered(v1, v2)).toBe(gnuDiff(v1, v2));
  });

  it("keeps a change hunk on each side of a route that stays", () => {
    const v1 = ["DELETE /api/events/:id", "GET /api/events", "GET /api/posts", "GET /api/tasks", "POST /api/events"];
    const v2 = [
      "DELETE /api/v2/events/:id",
      "GET /api/posts",
      "GET /api/v2/events",
      "GET /api/v2/tasks",
      "POST /api/v2/events",
    ];
    expect(formatHunks(diffTables(v1, v2)).filter((line) => /^\d/.test(line))).toEqual(["1,2c1", "4,5c3,5"]);
    expect(rendered(v1, v2)).toBe(gnuDiff(v1, v2));
  });

  it("records new v2 notification routes as additions", () => {
    const before = ["GET /api/posts", "GET /api/users"];
    const after = [
      ...before,
      "DELETE /api/v2/notifications/:id",
      "GET /api/v2/notifications",
      "GET /api/v2/notifications/:id",
      "POST /api/v2/notifications",
    ].sort();
    expect(formatHunks(diffTables(before, after))).toEqual([
      "0a1",
      "> DELETE /api/v2/notifications/:id",
      "2a4,6",
      "> GET /api/v2/notifications",
      "> GET /api/v2/notifications/:id",
      "> POST /api/v2/notifications",
    ]);
  });

  it("reads back every header it prints", () => {
    fc.assert(
      fc.property(routeTable, routeTable, (oldTable, newTable) => {
        for (const hunk of diffTables(oldTable, newTable)) {
          expect(parseHunkHeader(formatHunks([hunk])[0]!)).toMatchObject({
            oldStart: hunk.oldStart,
            removedCount: hunk.removed.length,
            newStart: hunk.newStart,
            addedCount: hunk.added.length,
          });
        }
      }),
    );
  });

  it.each([
    ["5,5c5", "must end after it starts"],
    ["3,4a5", "an addition follows one line"],
    ["3d4,5", "a deletion follows one line"],
    ["0c1", "removed lines are numbered from 1"],
    ["5x5", "bad hunk header"],
    ["@@ -1 +1 @@", "bad hunk header"],
  ])("refuses the header %s", (header, reason) => {
    expect(parseHunkHeader(header)).toContain(reason);
  });
});
