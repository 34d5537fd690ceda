import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChangelogError, replayChangelog } from "./changelog.js";
import { recordRouteChange, TagError } from "./route-changes.js";

const UNIVERSE = ["DELETE", "GET", "POST", "PUT"]
  .flatMap((method) =>
    ["posts", "tasks", "users"].flatMap((r) => [`${method} /api/${r}`, `${method} /api/v2/${r}/:id/`]),
  )
  .sort();
const routeTable = fc.subarray(UNIVERSE);
const start = Date.parse("2026-11-23T07:40:00Z");

/** Records each table in turn, as `npm run routes:changelog` would after each change of the app. */
function changelogOf(tables: readonly (readonly string[])[], tagEvery = 0): string[] {
  const versions: string[] = [];
  let text = "";
  tables.forEach((table, i) => {
    const tag = tagEvery && i % tagEvery === 0 ? `v1.${i}.0` : undefined;
    const change = recordRouteChange(text, table, { tag, now: new Date(start + i * 60_000) });
    if (change) text += change.text;
    versions.push(text);
  });
  return versions;
}

function errorOf(text: string): ChangelogError {
  try {
    replayChangelog(text);
  } catch (error) {
    if (error instanceof ChangelogError) return error;
    throw error;
  }
  throw new Error("the changelog was accepted");
}

const initial = ["# 2026-11-23T07:40:00Z v1.0.0", "0a1,3", "> GET /api/posts", "> GET /api/users", "> POST /api/posts"];
const withLines = (...lines: string[]) => [...initial, ...lines].map((line) => `${line}\n`).join("");

describe("route changelog", () => {
  it("replays to each table of a series, appending only", () => {
    fc.assert(
      fc.property(fc.array(routeTable, { maxLength: 10 }), fc.nat(3), (tables, tagEvery) => {
        const versions = changelogOf(tables, tagEvery);
        tables.forEach((table, i) => {
          expect(replayChangelog(versions[i]!).table).toEqual(table);
          if (i > 0) expect(versions[i]!.startsWith(versions[i - 1]!)).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it("writes an entry with a header, hunks and the suggested bump", () => {
    const text = withLines();
    const change = recordRouteChange(text, ["GET /api/posts", "GET /api/v2/posts/", "POST /api/posts"], {
      tag: "v2.0.0",
      now: new Date("2026-12-01T10:00:00.123Z"),
    });
    expect(change?.text).toBe(
      ["# 2026-12-01T10:00:00Z v2.0.0", "2c2", "< GET /api/users", "---", "> GET /api/v2/posts/", ""].join("\n"),
    );
    expect(change).toMatchObject({ bump: "major", suggestedTag: "v2.0.0" });
    const added = recordRouteChange(text, ["DELETE /api/posts", ...replayChangelog(text).table], { now: new Date() });
    expect(added).toMatchObject({ bump: "minor", suggestedTag: "v1.1.0" });
    expect(added?.text).toMatch(/^# \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n0a1\n> DELETE \/api\/posts\n$/);
  });

  it("writes nothing when the table did not change, tag or not", () => {
    expect(
      recordRouteChange(withLines(), replayChangelog(withLines()).table, { tag: "v9.0.0", now: new Date() }),
    ).toBeUndefined();
    expect(recordRouteChange("", [], { now: new Date() })).toBeUndefined();
  });

  it.each(["v1.0.0", "v0.9.9", "v0.99.0"])("refuses the tag %s when the last one is v1.0.0", (tag) => {
    expect(() => recordRouteChange(withLines(), ["GET /api/posts"], { tag, now: new Date() })).toThrow(
      new TagError(`--tag ${tag} is not higher than the last tag v1.0.0`),
    );
  });

  it("orders tags by number, not text", () => {
    const lines = [
      "# 2026-11-24T00:00:00Z v1.10.0",
      "3d2",
      "< POST /api/posts",
      "# 2026-11-25T00:00:00Z v1.9.0",
      "2d1",
      "< GET /api/users",
    ];
    expect(errorOf(withLines(...lines))).toMatchObject({
      line: 9,
      reason: "tag v1.9.0 is not higher than the earlier v1.10.0",
    });
    expect(replayChangelog(withLines(...lines.slice(0, 3))).lastTag).toBe("v1.10.0");
    expect(() => recordRouteChange(withLines(), [], { tag: "1.1.0", now: new Date() })).toThrow(TagError);
  });

  it.each([
    ["a bad hunk header", ["# 2026-11-24T00:00:00Z", "1x2", "> GET /x"], 7, 'bad hunk header "1x2"'],
    [
      "line numbers that do not apply",
      ["# 2026-11-24T00:00:00Z", "9a10", "> GET /x"],
      7,
      "hunk 9a10 does not apply: the table before this entry has only 3 lines",
    ],
    [
      "a removed line the table does not hold",
      ["# 2026-11-24T00:00:00Z", "1d0", "< GET /api/users"],
      7,
      'line 1 of the table is "GET /api/posts", not "GET /api/users"',
    ],
    [
      "a wrong new-side number",
      ["# 2026-11-24T00:00:00Z", "1c2", "< GET /api/posts", "---", "> GET /api/a"],
      7,
      "its header would be 1c1",
    ],
    [
      "hunks out of order",
      ["# 2026-11-24T00:00:00Z", "3d2", "< POST /api/posts", "1d0", "< GET /api/posts"],
      9,
      "overlaps or comes before",
    ],
    ["an unknown marker", ["# 2026-11-24T00:00:00Z", "3a4", "+ PUT /api/posts"], 8, 'unknown marker "+"'],
    ["an unknown marker instead of a header", ["# 2026-11-24T00:00:00Z", "! PUT /api/posts"], 7, 'unknown marker "!"'],
    [
      "a missing separator",
      ["# 2026-11-24T00:00:00Z", "1c1", "< GET /api/posts", "> GET /api/a"],
      9,
      'separates its "<" and ">" lines with "---"',
    ],
    ["too few route lines", ["# 2026-11-24T00:00:00Z", "3a4,5", "> PUT /api/posts"], 9, 'announces 2 ">" lines'],
    [
      "an unannounced route line",
      ["# 2026-11-24T00:00:00Z", "3a4", "> PUT /api/posts", "> PUT /api/users"],
      9,
      "is not announced",
    ],
    ["a route line without a path", ["# 2026-11-24T00:00:00Z", "3a4", "> PUT"], 8, '"PUT" is not a route line'],
    ["an unsorted result", ["# 2026-11-24T00:00:00Z", "3a4", "> GET /api/aaa"], 6, "out of order or repeated"],
    ["an entry without hunks", ["# 2026-11-24T00:00:00Z"], 6, "at least one route change"],
    ["a day that does not exist", ["# 2026-02-30T00:00:00Z", "3d2", "< POST /api/posts"], 6, "not a valid date"],
    ["a bad timestamp", ["# 2026-13-24T00:00:00Z", "3d2", "< POST /api/posts"], 6, "not a valid date"],
    [
      "a header without the timestamp format",
      ["# 2026-11-24 v1.1.0", "3d2", "< POST /api/posts"],
      6,
      "expected an entry header",
    ],
    ["a blank line", ["", "# 2026-11-24T00:00:00Z", "3d2", "< POST /api/posts"], 6, "unexpected empty line"],
  ])("refuses %s with its line number", (_name, lines, line, reason) => {
    const error = errorOf(withLines(...lines));
    expect(error.line).toBe(line);
    expect(error.reason).toContain(reason);
    expect(error.message).toMatch(new RegExp(`^CHANGELOG\\.routes\\.diff:${line}: `));
  });

  it("refuses a file that does not start with an entry header", () => {
    expect(errorOf("0a1\n> GET /x\n")).toMatchObject({ line: 1 });
  });
});
