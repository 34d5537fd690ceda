import { diffArrays } from "diff";

/**
 * One hunk of a normal diff (what GNU `diff` prints without options). `removed` lines start at line
 * `oldStart` of the old table and `added` lines at line `newStart` of the new one; when a side is empty
 * its start is the line the hunk sits before, so the header shows the line before it (`4a5`, `7d6`).
 */
export interface Hunk {
  readonly oldStart: number;
  readonly removed: readonly string[];
  readonly newStart: number;
  readonly added: readonly string[];
}

export type HunkKind = "a" | "c" | "d";

/**
 * The minimal edit script from one table to another. Route tables are sorted sets, so their longest
 * common subsequence is unique and the script is the one GNU diff prints too (tested against it).
 */
export function diffTables(oldTable: readonly string[], newTable: readonly string[]): Hunk[] {
  const hunks: { oldStart: number; removed: string[]; newStart: number; added: string[] }[] = [];
  let oldLine = 1;
  let newLine = 1;
  let open = false;
  for (const change of diffArrays([...oldTable], [...newTable])) {
    if (!change.added && !change.removed) {
      open = false;
      oldLine += change.value.length;
      newLine += change.value.length;
      continue;
    }
    // A removal next to an addition is one `c` hunk, as GNU diff groups them.
    if (!open) hunks.push({ oldStart: oldLine, removed: [], newStart: newLine, added: [] });
    open = true;
    const hunk = hunks[hunks.length - 1]!;
    if (change.removed) {
      hunk.removed.push(...change.value);
      oldLine += change.value.length;
    } else {
      hunk.added.push(...change.value);
      newLine += change.value.length;
    }
  }
  return hunks;
}

export function hunkKind(hunk: Hunk): HunkKind {
  if (hunk.removed.length === 0) return "a";
  return hunk.added.length === 0 ? "d" : "c";
}

function lineRange(start: number, count: number): string {
  return count === 1 ? String(start) : `${start},${start + count - 1}`;
}

export function formatHunkHeader(hunk: Hunk): string {
  const kind = hunkKind(hunk);
  const left = kind === "a" ? String(hunk.oldStart - 1) : lineRange(hunk.oldStart, hunk.removed.length);
  const right = kind === "d" ? String(hunk.newStart - 1) : lineRange(hunk.newStart, hunk.added.length);
  return `${left}${kind}${right}`;
}

/** The hunks as GNU diff prints them, one string per line. */
export function formatHunks(hunks: readonly Hunk[]): string[] {
  return hunks.flatMap((hunk) => [
    formatHunkHeader(hunk),
    ...hunk.removed.map((line) => `< ${line}`),
    ...(hunkKind(hunk) === "c" ? ["---"] : []),
    ...hunk.added.map((line) => `> ${line}`),
  ]);
}

/** What a hunk header announces: where it applies and how many `<` and `>` lines follow. */
export interface HunkHeader {
  readonly kind: HunkKind;
  readonly oldStart: number;
  readonly removedCount: number;
  readonly newStart: number;
  readonly addedCount: number;
}

const HUNK_HEADER = /^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$/;

/** Parses `12a13,14`, `5c5`, `7d6`; returns the reason when the line is not a header GNU diff would print. */
export function parseHunkHeader(line: string): HunkHeader | string {
  const match = HUNK_HEADER.exec(line);
  if (!match) return `bad hunk header "${line}": expected a normal-diff header such as 12a13,14, 5c5 or 7d6`;
  const [, leftFrom, leftTo, kind, rightFrom, rightTo] = match as unknown as [
    string,
    string,
    string | undefined,
    HunkKind,
    string,
    string | undefined,
  ];
  const left = rangeOf(leftFrom, leftTo);
  const right = rangeOf(rightFrom, rightTo);
  if (typeof left === "string") return `bad hunk header "${line}": ${left}`;
  if (typeof right === "string") return `bad hunk header "${line}": ${right}`;
  if (kind === "a" && left.count !== 1) return `bad hunk header "${line}": an addition follows one line, not a range`;
  if (kind === "d" && right.count !== 1) return `bad hunk header "${line}": a deletion follows one line, not a range`;
  // In `La` and `dR` the single number is the line before the hunk, so 0 means "at the top".
  if (kind !== "a" && left.from === 0) return `bad hunk header "${line}": removed lines are numbered from 1`;
  if (kind !== "d" && right.from === 0) return `bad hunk header "${line}": added lines are numbered from 1`;
  return {
    kind,
    oldStart: kind === "a" ? left.from + 1 : left.from,
    removedCount: kind === "a" ? 0 : left.count,
    newStart: kind === "d" ? right.from + 1 : right.from,
    addedCount: kind === "d" ? 0 : right.count,
  };
}

function rangeOf(from: string, to: string | undefined): { from: number; count: number } | string {
  const start = Number(from);
  if (to === undefined) return { from: start, count: 1 };
  const end = Number(to);
  // GNU diff writes a one-line range as a single number, so `5,5` or `7,3` never comes from it.
  if (end <= start) return `the range ${from},${to} must end after it starts`;
  return { from: start, count: end - start + 1 };
}

/**
 * Applies one entry's hunks, in order, to the table they were numbered against. Throws
 * HunkMismatch naming the hunk that does not apply: lines out of order, beyond the table, or
 * removing a line the table does not hold at that number.
 */
export function applyHunks(table: readonly string[], hunks: readonly Hunk[]): string[] {
  const result: string[] = [];
  let consumed = 0;
  hunks.forEach((hunk, index) => {
    const start = hunk.oldStart - 1;
    const fail = (reason: string) => {
      throw new HunkMismatch(index, `hunk ${formatHunkHeader(hunk)} does not apply: ${reason}`);
    };
    if (start < consumed) fail("it overlaps or comes before the previous hunk");
    if (start + hunk.removed.length > table.length) fail(`the table before this entry has only ${table.length} lines`);
    result.push(...table.slice(consumed, start));
    if (hunk.newStart !== result.length + 1) {
      fail(
        `against the previous table its header would be ${formatHunkHeader({ ...hunk, newStart: result.length + 1 })}`,
      );
    }
    hunk.removed.forEach((line, offset) => {
      const actual = table[start + offset];
      if (actual !== line) fail(`line ${start + offset + 1} of the table is "${actual}", not "${line}"`);
    });
    result.push(...hunk.added);
    consumed = start + hunk.removed.length;
  });
  result.push(...table.slice(consumed));
  return result;
}

export class HunkMismatch extends Error {
  override name = "HunkMismatch";
  constructor(
    readonly hunkIndex: number,
    message: string,
  ) {
    super(message);
  }
}
