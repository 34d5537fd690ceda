import { applyHunks, formatHunks, type Hunk, HunkMismatch, parseHunkHeader } from "./normal-diff.js";
import { compareVersionTags } from "./version-tag.js";

/*
 * CHANGELOG.routes.diff: entries one after another, nothing else (no blank lines, no comments).
 *
 *   # 2026-11-23T07:40:00Z v1.0.0        entry header: "# ", UTC timestamp to the second, optional tag
 *   0a1,2                                normal-diff hunks numbered against the table before the entry
 *   > GET /api/posts
 *   > POST /api/posts
 *
 * The "# " prefix cannot start a hunk line (those start with a digit, "<", ">" or "---"), so a
 * header is recognised by its first two characters alone.
 */
export const CHANGELOG_FILE = "CHANGELOG.routes.diff";

const ENTRY_HEADER = /^# (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)(?: (v(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)))?$/;
const ROUTE_LINE = /^[A-Z][A-Z-]* \/\S*$/;

export interface ChangelogEntry {
  readonly timestamp: string;
  readonly tag: string | undefined;
  readonly hunks: readonly Hunk[];
}

/** An entry as read from the file, with the line numbers errors point at. */
export interface ParsedEntry extends ChangelogEntry {
  readonly line: number;
  readonly hunkLines: readonly number[];
}

export interface ReplayedChangelog {
  readonly entries: readonly ParsedEntry[];
  /** The route table after the last entry: what the app must serve. */
  readonly table: readonly string[];
  readonly lastTag: string | undefined;
}

export class ChangelogError extends Error {
  override name = "ChangelogError";
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${CHANGELOG_FILE}:${line}: ${reason}`);
  }
}

/** Reads the entries without applying them; throws ChangelogError at the first malformed line. */
export function parseChangelog(text: string): ParsedEntry[] {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const entries: ParsedEntry[] = [];
  let index = 0;
  const fail = (reason: string, at = index): never => {
    throw new ChangelogError(at + 1, reason);
  };

  while (index < lines.length) {
    const header = ENTRY_HEADER.exec(lines[index]!);
    if (!header)
      fail(`expected an entry header "# <YYYY-MM-DDTHH:MM:SSZ> [v<major>.<minor>.<patch>]", found "${lines[index]}"`);
    const [, timestamp, tag] = header as unknown as [string, string, string | undefined];
    const time = new Date(timestamp);
    if (Number.isNaN(time.getTime()) || changelogTimestamp(time) !== timestamp)
      fail(`"${timestamp}" is not a valid date and time`);
    const entryLine = index;
    const hunks: Hunk[] = [];
    const hunkLines: number[] = [];
    index++;

    while (index < lines.length && !lines[index]!.startsWith("# ")) {
      const hunkLine = index;
      const parsed = parseHunkHeader(lines[index]!);
      if (typeof parsed === "string") fail(describeUnexpected(lines[index]!, parsed));
      const hunkHeader = parsed as Exclude<typeof parsed, string>;
      index++;
      const routeLines = (marker: "<" | ">", count: number): string[] =>
        Array.from({ length: count }, () => {
          const line = lines[index] ?? "";
          if (index >= lines.length || line.startsWith("# ")) {
            fail(`hunk "${lines[hunkLine]}" announces ${count} "${marker}" lines; the entry ends before them`);
          }
          if (!line.startsWith(`${marker} `))
            fail(`hunk "${lines[hunkLine]}" expects "${marker} METHOD /path", found ${describeMarker(line)}`);
          const route = line.slice(2);
          if (!ROUTE_LINE.test(route)) fail(`"${route}" is not a route line "METHOD /path"`);
          index++;
          return route;
        });
      const removed = routeLines("<", hunkHeader.removedCount);
      if (hunkHeader.kind === "c") {
        if (lines[index] !== "---")
          fail(`a change hunk separates its "<" and ">" lines with "---", found ${describeMarker(lines[index] ?? "")}`);
        index++;
      }
      const added = routeLines(">", hunkHeader.addedCount);
      hunks.push({ oldStart: hunkHeader.oldStart, removed, newStart: hunkHeader.newStart, added });
      hunkLines.push(hunkLine + 1);
    }
    if (hunks.length === 0) fail("an entry records at least one route change", entryLine);
    entries.push({ timestamp, tag, hunks, line: entryLine + 1, hunkLines });
  }
  return entries;
}

function describeMarker(line: string): string {
  if (line === "") return "an empty line";
  const marker = /^(\S+)\s/.exec(line)?.[1];
  return marker && !/^\d/.test(marker) ? `unknown marker "${marker}" in "${line}"` : `"${line}"`;
}

function describeUnexpected(line: string, headerError: string): string {
  if (line.startsWith("< ") || line.startsWith("> ") || line === "---") {
    return `"${line}" is not announced by the hunk header before it`;
  }
  if (line === "") return "unexpected empty line (the changelog holds no blank lines)";
  const marker = /^(\S+)\s/.exec(line)?.[1];
  return marker && !/^\d/.test(marker) ? `unknown marker "${marker}" in "${line}": ${headerError}` : headerError;
}

/**
 * Replays every entry from the empty table. Throws ChangelogError when the file is malformed, when
 * a hunk does not apply to the table before it, or when tags do not increase.
 */
export function replayChangelog(text: string): ReplayedChangelog {
  const entries = parseChangelog(text);
  let table: readonly string[] = [];
  let lastTag: string | undefined;
  for (const entry of entries) {
    try {
      table = applyHunks(table, entry.hunks);
    } catch (error) {
      if (error instanceof HunkMismatch) throw new ChangelogError(entry.hunkLines[error.hunkIndex]!, error.message);
      throw error;
    }
    const unsorted = table.findIndex((line, i) => i > 0 && table[i - 1]! >= line);
    if (unsorted !== -1) {
      throw new ChangelogError(
        entry.line,
        `after this entry line ${unsorted + 1} of the table ("${table[unsorted]}") is out of order or repeated`,
      );
    }
    if (entry.tag !== undefined) {
      if (lastTag !== undefined && compareVersionTags(entry.tag, lastTag) <= 0) {
        throw new ChangelogError(entry.line, `tag ${entry.tag} is not higher than the earlier ${lastTag}`);
      }
      lastTag = entry.tag;
    }
  }
  return { entries, table, lastTag };
}

/** An entry as it is appended to the file, ending with a newline. */
export function formatEntry(entry: ChangelogEntry): string {
  const header = entry.tag === undefined ? `# ${entry.timestamp}` : `# ${entry.timestamp} ${entry.tag}`;
  return [header, ...formatHunks(entry.hunks)].map((line) => `${line}\n`).join("");
}

/** Now, to the second, in the header's format. */
export function changelogTimestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, "Z");
}
