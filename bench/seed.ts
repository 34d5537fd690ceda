import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import { rows } from "./database.js";

/** Users, each with a credential account and a session: the multi-user scenarios take their sessions in turn. */
export const SEEDED_USERS = 1_000;
/** Comments on the one post the cursor scenarios page through: enough for page 1,000 of 10 and more. */
export const COMMENTS_ON_TARGET = 12_000;
/** Seeded users sign in with this password (their accounts hold its real better-auth scrypt hash). */
export const SEEDED_PASSWORD = "correct horse battery staple";
/** The title of every post the POST scenario writes, so they can be told from the others and removed. */
export const WRITTEN_POST_TITLE = "Bench write: a post created under load";
/**
 * In one post out of 100 (g % 100 = 1: public and visible ones, so an anonymous search finds them):
 * the v2 search scenario looks for it.
 */
export const SEARCH_WORD = "kubernetes";

export interface Seeded {
  posts: number;
  /** A public, visible post: the target of `GET /api/posts/:id` and the post whose comments are paged. */
  postId: string;
  /** A seeded user who signs in with SEEDED_PASSWORD. */
  signInEmail: string;
  /** The session token of each seeded user (sign it with the run's secret for a cookie). */
  sessionTokens: string[];
  seconds: number;
}

/**
 * Fills a migrated, empty database with set-based SQL (one `insert ... select generate_series`
 * per table): 1,000 users with credential accounts and a session each, `posts` posts over them
 * (one in 10 private, one in 50 hidden, 30 s apart), 12,000 comments on the newest public post
 * and one comment per 10 posts elsewhere; then VACUUM ANALYZE, so plans and visibility maps are
 * those of a live database (autovacuum, or the service's own upkeep on PGlite, would have run).
 * The secondary indexes of posts and comments are built after the rows are in (same definitions).
 */
export async function seed(db: Database, posts: number): Promise<Seeded> {
  const started = performance.now();
  const passwordHash = await hashPassword(SEEDED_PASSWORD);
  const run = (query: ReturnType<typeof sql>) => db.db.execute(query);

  await run(sql`
    insert into users (name, email, email_verified, roles, created_at, updated_at)
    select 'Bench user ' || i, 'bench-user-' || i || '@example.com', true, '{USER}'::role[],
           now() - interval '400 days', now() - interval '400 days'
    from generate_series(1, ${SEEDED_USERS}::int) i`);
  // What better-auth writes on sign-up: a credential account keyed by the user id, holding the hash.
  await run(sql`
    insert into accounts (account_id, provider_id, user_id, password)
    select id::text, 'credential', id, ${passwordHash} from users`);
  await run(sql`
    insert into sessions (token, user_id, expires_at)
    select md5(random()::text) || md5(random()::text), id, now() + interval '7 days' from users`);

  // Building an index once over all rows is much faster than updating it row by row (the GIN
  // index of the search vector above all): drop the posts' and comments' secondary indexes, insert,
  // then recreate them from their own definitions, as the migration made them.
  const indexes = await rows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename in ('posts', 'comments')
          and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await run(sql.raw(`drop index "${indexname}"`));

  await run(sql`
    with authors as (select array_agg(id order by email) as ids from users),
         vocabulary as (select array['postgres', 'express', 'typescript', 'caching', 'indexing', 'latency',
           'throughput', 'sessions', 'cursors', 'queries', 'pooling', 'logging', 'metrics', 'tracing', 'schemas',
           'migrations', 'routing', 'security', 'testing', 'deploys'] as words)
    insert into posts (title, content, tags, visibility, status, author_id, created_at, updated_at)
    select 'Post ' || g || ': ' || words[1 + g % 20] || ' in practice',
           'A note on ' || words[1 + g % 20] || ' and ' || words[1 + (g / 20) % 20]
             || case when g % 100 = 1 then ' running on ${sql.raw(SEARCH_WORD)}' else '' end || '. '
             || 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.',
           array[words[1 + g % 20], words[1 + (g / 7) % 20]],
           (case when g % 10 = 0 then 'private' else 'public' end)::post_visibility,
           (case when g % 50 = 7 then 'hidden' else 'visible' end)::post_status,
           ids[1 + g % ${SEEDED_USERS}::int],
           now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 30)
    from generate_series(1, ${posts}::int) g, authors, vocabulary`);

  const [target] = await rows<{ id: string }>(
    db,
    sql`select id from posts where visibility = 'public' and status = 'visible' order by created_at desc, id desc limit 1`,
  );
  if (!target) throw new Error("seeding produced no public post");
  await run(sql`
    with authors as (select array_agg(id order by email) as ids from users)
    insert into comments (post_id, author_id, content, created_at, updated_at)
    select ${target.id}::uuid, ids[1 + g % ${SEEDED_USERS}::int], 'Comment ' || g || ': agreed, and measured it too.',
           now() - make_interval(secs => g), now() - make_interval(secs => g)
    from generate_series(1, ${COMMENTS_ON_TARGET}::int) g, authors`);
  await run(sql`
    with authors as (select array_agg(id order by email) as ids from users)
    insert into comments (post_id, author_id, content, created_at, updated_at)
    select p.id, ids[1 + (extract(epoch from p.created_at)::bigint % ${SEEDED_USERS}::int)], 'A comment on an older post.',
           p.created_at + interval '10 seconds', p.created_at + interval '10 seconds'
    from (select id, created_at from posts tablesample system (10)) p, authors
    where p.id <> ${target.id}::uuid`);
  await run(sql`set maintenance_work_mem = '256MB'`);
  for (const { indexdef } of indexes) await run(sql.raw(indexdef));
  await run(sql`vacuum analyze`);

  const sessions = await rows<{ token: string }>(db, sql`select token from sessions order by token`);
  return {
    posts,
    postId: target.id,
    signInEmail: "bench-user-1@example.com",
    sessionTokens: sessions.map((session) => session.token),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Removes what the write scenarios added (the posts written under load, whoever wrote them, and the
 * sessions created by signing in since `since`), so what runs next reads exactly the rows the service read.
 */
export async function removeWrites(db: Database, benchUserId: string, since: Date): Promise<void> {
  await db.db.execute(sql`delete from posts where title = ${WRITTEN_POST_TITLE}`);
  await db.db.execute(
    sql`delete from sessions where user_id <> ${benchUserId}::uuid and created_at >= ${since.toISOString()}::timestamptz`,
  );
  await db.db.execute(sql`vacuum analyze posts`);
  await db.db.execute(sql`vacuum analyze sessions`);
}
