import { changelogTimestamp, type ChangelogEntry, formatEntry, replayChangelog } from "./changelog.js";
import { diffTables, type Hunk } from "./normal-diff.js";
import { bumpVersionTag, compareVersionTags, isVersionTag, suggestedBump, type VersionBump } from "./version-tag.js";

export interface RecordedChange {
  readonly entry: ChangelogEntry;
  /** The entry's text, to append to the file as it is. */
  readonly text: string;
  readonly bump: VersionBump;
  /** The last tag bumped as the change suggests; undefined before the first tagged entry. */
  readonly suggestedTag: string | undefined;
}

export class TagError extends Error {
  override name = "TagError";
}

/**
 * The entry that brings the changelog to the app's table, or undefined when they already agree.
 * Refuses a tag that is not a version tag or not higher than the last one: tags only go up.
 */
export function recordRouteChange(
  changelog: string,
  table: readonly string[],
  options: { tag?: string; now: Date },
): RecordedChange | undefined {
  const replayed = replayChangelog(changelog);
  const { tag } = options;
  if (tag !== undefined && !isVersionTag(tag))
    throw new TagError(`--tag ${tag}: expected v<major>.<minor>.<patch>, e.g. v1.2.0`);
  const hunks = diffTables(replayed.table, table);
  if (hunks.length === 0) return undefined;
  if (tag !== undefined && replayed.lastTag !== undefined && compareVersionTags(tag, replayed.lastTag) <= 0) {
    throw new TagError(`--tag ${tag} is not higher than the last tag ${replayed.lastTag}`);
  }
  const entry: ChangelogEntry = { timestamp: changelogTimestamp(options.now), tag, hunks };
  const bump = suggestedBump(hunks);
  return {
    entry,
    text: formatEntry(entry),
    bump,
    suggestedTag: replayed.lastTag === undefined ? undefined : bumpVersionTag(replayed.lastTag, bump),
  };
}

export interface RouteCheck {
  /** Served by the app, missing from the changelog's latest table. */
  readonly unrecorded: readonly string[];
  /** In the changelog's latest table, no longer served. */
  readonly unserved: readonly string[];
  /** The hunks an entry would record. */
  readonly hunks: readonly Hunk[];
}

/** Compares the app's table with the changelog's replayed state; throws ChangelogError when it is malformed. */
export function checkRoutes(changelog: string, table: readonly string[]): RouteCheck {
  const hunks = diffTables(replayChangelog(changelog).table, table);
  return {
    unrecorded: hunks.flatMap((hunk) => hunk.added),
    unserved: hunks.flatMap((hunk) => hunk.removed),
    hunks,
  };
}
