import type { Actor } from "../auth/actor.js";
import { seesHiddenPosts } from "../auth/policy.js";
import type { Db } from "../db/client.js";
import { RememberedReads } from "../db/remembered-reads.js";
import type { PostFilters } from "./service.js";

// Long enough for a reader paging through a search; short enough that another instance's writes
// (or the operator CLI's) show up soon. Writes made through this process forget at once.
const REMEMBER_MS = 10_000;
const REMEMBERED_FILTERS = 1_000;

/** Counts by database: one process may serve several (the test suites do). */
const byDatabase = new WeakMap<Db, RememberedReads<number>>();

/**
 * The v2 posts list's `count`, when many posts match: counting N matches reads N rows (an index
 * entry each at best, and a row each for a full-text or tag match), 10,000 for a word in 1 post of
 * 100 at 1M posts and every visible post for the unfiltered list. Remembered per reader's view
 * and filters for REMEMBER_MS (see remembered-reads.ts for what forgets them); the page's rows are
 * always read.
 */
export const matchCounts = {
  key(actor: Actor | null, filters: PostFilters): string {
    const view = !actor ? "anonymous" : `${seesHiddenPosts(actor) ? "all" : "member"}:${actor.id}`;
    return JSON.stringify([view, filters.search, filters.tag, filters.author]);
  },

  get(db: Db, key: string): number | undefined {
    return byDatabase.get(db)?.get(key);
  },

  /** `writesBefore`: `writesSoFar()` read before counting, so a write while it ran voids it. */
  remember(db: Db, key: string, count: number, writesBefore: number): void {
    let counts = byDatabase.get(db);
    if (!counts) byDatabase.set(db, (counts = new RememberedReads({ max: REMEMBERED_FILTERS, ttlMs: REMEMBER_MS })));
    counts.remember(key, count, writesBefore);
  },
};
