import { asc, sql } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { tagCounts } from "../db/schema.js";
import { likeLiteral } from "../db/like.js";

/** The list's length: pagination is off for tags, so the list itself is bounded. */
export const TAGS_LISTED = 100;

/**
 * The most used tags of public, visible posts, then by name; with `search`, only those starting
 * with it (case-insensitive). Read from tag_counts, which triggers keep in step with posts: the
 * top of an index, never a scan of the posts.
 */
export function listTags(db: DrizzleDb, search?: string): Promise<{ name: string; count: number }[]> {
  // The search is a prefix, not a pattern.
  const prefix = search === undefined ? undefined : `${likeLiteral(search)}%`;
  return (
    db
      .select({ name: tagCounts.name, count: tagCounts.count })
      .from(tagCounts)
      .where(prefix === undefined ? undefined : sql`lower(${tagCounts.name}) like lower(${prefix})`)
      // `desc nulls last`, as the index orders it (a plain `desc` means nulls first, and the index would not serve it).
      .orderBy(sql`${tagCounts.count} desc nulls last`, asc(tagCounts.name))
      .limit(TAGS_LISTED)
  );
}
