import type { Actor } from "../auth/actor.js";
import { seesHiddenPosts } from "../auth/policy.js";
import { ChangeAwareCache, type ChangeFeed, stringBytes } from "../changes/index.js";
import type { PostFilters } from "./schemas.js";

/** A count and the filters it counted under, which decide which post changes make it stale. */
interface CountedMatches {
  count: number;
  tag: string | undefined;
  author: string | undefined;
}

// Long enough for a reader paging through a search; the change feed forgets a count sooner.
const KEEP_MS = 10_000;
const MAX_COUNTS = 1_000;
const MAX_BYTES = 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 150;

export type PostCountCache = ReturnType<typeof createPostCountCache>;

/**
 * The v2 posts list's `count`, when many posts match: counting N matches reads N rows (an index
 * entry each at best, and a row each for a full-text or tag match), 10,000 for a word in 1 post of
 * 100 at 1M posts and every visible post for the unfiltered list. Kept per reader's view and
 * filters until a committed change to a post it may count: one by the filtered author, or carrying
 * the filtered tag before or after the change, or any post for a count filtered by neither.
 */
export function createPostCountCache(feed: ChangeFeed) {
  const cache = new ChangeAwareCache<CountedMatches>(feed, {
    maxEntries: MAX_COUNTS,
    maxBytes: MAX_BYTES,
    ttlMs: KEEP_MS,
    bytesOf: (key) => ENTRY_OVERHEAD_BYTES + stringBytes(key) * 2,
    concerns: (change) => change.kind === "posts",
    staleAfter: (change, counted) => {
      if (change.kind !== "posts") return false;
      if (counted.author !== undefined && change.authors !== undefined && !change.authors.includes(counted.author))
        return false;
      if (counted.tag !== undefined && change.tags !== undefined && !change.tags.includes(counted.tag)) return false;
      return true;
    },
  });

  return {
    key(actor: Actor | null, filters: PostFilters): string {
      const view = !actor ? "anonymous" : `${seesHiddenPosts(actor) ? "all" : "member"}:${actor.id}`;
      return JSON.stringify([view, filters.search, filters.tag, filters.author, filters.status]);
    },
    get: (key: string): number | undefined => cache.get(key)?.count,
    counts: () => cache.counts,
    ticket: () => cache.ticket(),
    set(key: string, filters: PostFilters, count: number, ticket: number): void {
      cache.set(key, { count, tag: filters.tag, author: filters.author }, ticket);
    },
  };
}
