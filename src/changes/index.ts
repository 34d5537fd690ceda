/**
 * The change machinery: how every instance learns what was committed, by whichever instance or
 * tool, so that what it keeps in memory is never older than the database.
 *
 * - `feed.ts`: the database's triggers announce each committed change on one NOTIFY channel; the
 *   `ChangeFeed` listens there, parses each message (`Change`; anything else is a warning) and
 *   hands it to its subscribers. It also says whether it can be trusted: while its connection is
 *   down or has not proven lately that it hears, subscribers are told changes may be missed.
 * - the listening connection itself is the database's (`db/listen.ts`): on PostgreSQL a dedicated
 *   client that proves it is alive by hearing its own notifications, on the embedded PGlite in
 *   process; the database module opens it, the feed asks for it.
 * - `change-aware-cache.ts`: database reads kept in memory, bounded, each forgotten when a change
 *   it was read from arrives, and none kept or answered while the feed is untrusted. Caches built
 *   on it: the route guards' sessions (`auth/session-cache.ts`, read by `auth/session-lookup.ts`
 *   as better-auth's `getSession` would answer) and the posts' counts.
 * - the write barrier (`http/write-barrier.ts`) builds on the feed: a successful write is answered
 *   once this instance has heard its own changes (a marker sent through the channel came back), so
 *   the writer's next request never meets a cache entry the write made stale. The service's routes
 *   and better-auth's handler both wait on it.
 *
 * Live notification streams subscribe to the same feed (notifications/streams.ts).
 */
export { ChangeAwareCache, stringBytes } from "./change-aware-cache.js";
export { type Change, ChangeFeed } from "./feed.js";
