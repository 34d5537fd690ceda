import type { Hunk } from "./normal-diff.js";

/** `v<major>.<minor>.<patch>`, without leading zeros (as semantic versioning requires). */
export const VERSION_TAG = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export type VersionBump = "major" | "minor" | "none";

export function isVersionTag(value: string): boolean {
  return VERSION_TAG.test(value);
}

function partsOf(tag: string): [number, number, number] {
  const match = VERSION_TAG.exec(tag);
  if (!match) throw new Error(`"${tag}" is not a version tag v<major>.<minor>.<patch>`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative, zero or positive as `a` is lower than, equal to or higher than `b`. */
export function compareVersionTags(a: string, b: string): number {
  const [left, right] = [partsOf(a), partsOf(b)];
  for (let i = 0; i < 3; i++) {
    const difference = left[i]! - right[i]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * A removed route breaks clients (and a changed line is a removal plus an
 * addition), so major; only new routes, minor.
 */
export function suggestedBump(hunks: readonly Hunk[]): VersionBump {
  if (hunks.some((hunk) => hunk.removed.length > 0)) return "major";
  return hunks.some((hunk) => hunk.added.length > 0) ? "minor" : "none";
}

export function bumpVersionTag(tag: string, bump: VersionBump): string {
  const [major, minor, patch] = partsOf(tag);
  if (bump === "major") return `v${major + 1}.0.0`;
  if (bump === "minor") return `v${major}.${minor + 1}.0`;
  return `v${major}.${minor}.${patch}`;
}
