import { and, arrayContains, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { type Audit, recordAudit } from "../audit/service.js";
import type { Actor } from "../auth/actor.js";
import { reachesEveryPost, seesHiddenPosts } from "../auth/policy.js";
import type { DrizzleDb } from "../db/client.js";
import { compiledRowsQuery } from "../db/compiled-rows.js";
import { posts } from "../db/schema.js";
import { postNotFound } from "../http/errors.js";
import { notify } from "../notifications/service.js";
import type { PostCountCache } from "./count-cache.js";
import type { PostFilters, PostInput, PostPatch } from "./schemas.js";
import { visibleTo, visibleToSignedIn } from "./visibility.js";

export const postColumns = {
  id: posts.id,
  title: posts.title,
  content: posts.content,
  tags: posts.tags,
  visibility: posts.visibility,
  status: posts.status,
  authorId: posts.authorId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

export type Post = Awaited<ReturnType<typeof findVisiblePost>>;

/** Newest first; the id breaks ties between posts created in the same microsecond. */
export const newestFirst = [desc(posts.createdAt), desc(posts.id)];

/**
 * The v1 list, the service's hottest query: prepared once per database and kind of reader (the
 * visibility rule differs), so no SQL is built per request and PostgreSQL parses it once per connection.
 */
function prepareLists(db: DrizzleDb) {
  const page = (where: SQL, name: string) =>
    compiledRowsQuery(
      db
        .select(postColumns)
        .from(posts)
        .where(where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name),
    );
  const readerId = sql.placeholder("readerId");
  return {
    anonymous: page(visibleTo(null), "posts_list_anonymous"),
    member: page(visibleToSignedIn(false, readerId), "posts_list_member"),
    seesHidden: page(visibleToSignedIn(true, readerId), "posts_list_sees_hidden"),
  };
}

const preparedLists = new WeakMap<DrizzleDb, ReturnType<typeof prepareLists>>();

export function listVisiblePosts(db: DrizzleDb, actor: Actor | null, page: { limit: number; offset: number }) {
  let lists = preparedLists.get(db);
  if (!lists) preparedLists.set(db, (lists = prepareLists(db)));
  if (!actor) return lists.anonymous.execute(page);
  return (seesHiddenPosts(actor) ? lists.seesHidden : lists.member).execute({ ...page, readerId: actor.id });
}

/**
 * Up to this many matches, a page filtered by search or tag sorts the matches themselves
 * instead of letting PostgreSQL walk the newest-first index and filter. The walk reads about
 * (offset + limit) / share-of-matches posts, so a rare or absent word or tag reads the whole index
 * (0.5 s at 1M posts, for no result); the sort reads only the matches (2.7 ms for 2,000). At 1M
 * posts the two cross between 2,000 and 5,000 matches: bench/results/2026-11-23-search-fence-postgres.md.
 */
export const SORT_MATCHES_UP_TO = 2_000;

/** Counting this many rows costs little (2.7 ms); above it the count is kept (count-cache.ts). */
const REMEMBER_COUNTS_ABOVE = SORT_MATCHES_UP_TO;

/** One page of the v2 list and the number of posts matching, for the page-number envelope; `counts` keeps large counts. */
export async function searchVisiblePosts(
  db: DrizzleDb,
  actor: Actor | null,
  filters: PostFilters,
  orderBy: SQL[],
  page: { limit: number; offset: number },
  counts?: PostCountCache,
) {
  const where = and(
    visibleTo(actor),
    filters.search ? sql`${posts.searchVector} @@ websearch_to_tsquery('english', ${filters.search})` : undefined,
    filters.tag ? arrayContains(posts.tags, [filters.tag]) : undefined,
    filters.author ? eq(posts.authorId, filters.author) : undefined,
    filters.status ? eq(posts.status, filters.status) : undefined,
  );
  const selected = () => db.select(postColumns).from(posts).where(where);
  const pageOf = <Q extends PgSelect>(query: Q) =>
    query
      .orderBy(...orderBy, desc(posts.id))
      .limit(page.limit)
      .offset(page.offset);
  const counting = db.select({ count: count() }).from(posts).where(where);
  const countKey = counts?.key(actor, filters) ?? "";
  const remembered = counts?.get(countKey);
  if (remembered !== undefined) {
    // Many matches, so the newest-first walk finds a page soon. An empty page past the first is
    // counted afresh: it is a 404 only when the matches really end before it.
    const rows = await pageOf(selected().$dynamic());
    if (rows.length > 0 || page.offset === 0) return { rows, count: Math.max(remembered, page.offset + rows.length) };
  }
  const ticket = counts?.ticket() ?? 0;
  const countNow = async () => {
    const [total] = await counting;
    const found = total?.count ?? 0;
    if (found > REMEMBER_COUNTS_ABOVE) counts?.set(countKey, filters, found, ticket);
    return found;
  };
  if (!filters.search && !filters.tag) {
    const [rows, found] = await Promise.all([pageOf(selected().$dynamic()), countNow()]);
    return { rows, count: found };
  }
  // PostgreSQL estimates a filter's matches without knowing where they lie, and for a rare word or
  // tag may pick the index walk that finds none before the oldest post; the count, needed anyway, is exact.
  const found = await countNow();
  if (page.offset >= found) return { rows: [], count: found };
  if (found > SORT_MATCHES_UP_TO) return { rows: await pageOf(selected().$dynamic()), count: found };
  // `offset 0` keeps PostgreSQL from merging the matches into the outer query (the documented
  // optimization fence), so they come from the search index and only they are sorted. The CTE is
  // named "posts" because the `ordering` parameter's columns render as "posts"."created_at".
  const matches = db.$with("posts", postColumns).as(sql`${selected()} offset 0`);
  return { rows: await pageOf(db.with(matches).select().from(matches).$dynamic()), count: found };
}

/** A post the actor may see; any other is "not found", so its existence does not leak. */
export async function findVisiblePost(db: DrizzleDb, id: string, actor: Actor | null) {
  const [post] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, id), visibleTo(actor)));
  if (!post) throw postNotFound();
  return post;
}

/** The post an actor may go on to delete: an ADMIN reaches any post, private ones included; others one they see. */
export async function findDeletablePost(db: DrizzleDb, id: string, actor: Actor) {
  return reachesEveryPost(actor) ? findPost(db, id) : findVisiblePost(db, id, actor);
}

/** A post whoever may see it; for callers that checked the reader's rights already. */
async function findPost(db: DrizzleDb, id: string) {
  const [post] = await db.select(postColumns).from(posts).where(eq(posts.id, id));
  if (!post) throw postNotFound();
  return post;
}

/**
 * The insert of a new post, prepared once per database: building it (values, defaults, the
 * returned columns) took about 0.3 ms a post.
 */
function prepareCreate(db: DrizzleDb) {
  return compiledRowsQuery(
    db
      .insert(posts)
      .values({
        title: sql.placeholder("title"),
        content: sql.placeholder("content"),
        tags: sql.placeholder("tags"),
        visibility: sql.placeholder("visibility"),
        authorId: sql.placeholder("authorId"),
      })
      .returning(postColumns)
      .prepare("posts_create"),
  );
}

const preparedCreates = new WeakMap<DrizzleDb, ReturnType<typeof prepareCreate>>();

export async function createPost(db: DrizzleDb, authorId: string, input: PostInput) {
  let create = preparedCreates.get(db);
  if (!create) preparedCreates.set(db, (create = prepareCreate(db)));
  const { title, content, tags, visibility } = input;
  const [post] = await create.execute({ title, content, tags, visibility, authorId });
  return post!;
}

export async function updatePost(db: DrizzleDb, id: string, input: PostInput | PostPatch) {
  // A PATCH with no field to change (or only fields the schema drops) changes nothing, not even updatedAt.
  if (Object.values(input).every((value) => value === undefined)) return findPost(db, id);
  const [post] = await db.update(posts).set(input).where(eq(posts.id, id)).returning(postColumns);
  if (!post) throw postNotFound();
  return post;
}

/** Deletes a post (its comments go with it) and records the audit entry, if any, in the same transaction. */
export async function deletePost(db: DrizzleDb, id: string, audit?: Audit<{ id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    if (!deleted) throw postNotFound();
    await recordAudit(tx, audit?.(deleted));
  });
}

/**
 * Moderation: sets the status and, when it changed, notifies the author; the audit entry, if any,
 * commits with them.
 */
export async function setPostStatus(db: DrizzleDb, id: string, status: "visible" | "hidden", audit?: Audit<Post>) {
  const post = await db.transaction(async (tx) => {
    // Locked, so two moderators acting at once cannot both see the old status and both notify.
    const [current] = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, id)).for("update");
    if (!current) throw postNotFound();
    const [post] = await tx.update(posts).set({ status }).where(eq(posts.id, id)).returning(postColumns);
    if (current.status !== status) {
      const change = status === "hidden" ? "hidden by moderation" : "restored by moderation";
      await notify(tx, {
        userId: post!.authorId,
        type: "moderation",
        message: `Your post "${post!.title}" was ${change}`,
        postId: id,
      });
    }
    await recordAudit(tx, audit?.(post!));
    return post!;
  });
  return post;
}
