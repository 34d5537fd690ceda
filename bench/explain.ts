// `npx tsx bench/explain.ts postgres://... [posts]`: seeds a bench database (default 1,000,000 posts),
// captures the list queries as the service builds them (drizzle logger around the service functions),
// prints `EXPLAIN (ANALYZE, BUFFERS)` of each as markdown, then drops the database.
import { desc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { cleanUpAll } from "./cleanup.js";
import { prepare } from "./steps.js";
import { schema, posts, comments } from "../src/db/schema.js";
import type { DrizzleDb } from "../src/db/client.js";
import { listVisiblePosts, searchVisiblePosts } from "../src/posts/service.js";
import { listComments } from "../src/comments/service.js";
import { SEARCH_WORD } from "./seed.js";

const [server, size = "1000000"] = process.argv.slice(2);
if (!server?.startsWith("postgres")) throw new Error("usage: npx tsx bench/explain.ts postgres://... [posts]");
const prepared = await prepare(server, Number(size));
const pool = new pg.Pool({ connectionString: prepared.database.url, max: 2 });
let captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => void captured.push({ query, params }) },
}) as unknown as DrizzleDb;
// Statements as a first request sends them: called without a count cache, nothing is kept between calls.
const capture = async (work: () => Promise<unknown>) => {
  captured = [];
  await work();
  return captured;
};
const literal = (v: unknown) =>
  typeof v === "number" ? String(v) : pg.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));

/** Prints the plan (unless `quiet`) and returns its execution time; `settings` are planner settings for this one. */
async function explain(
  title: string,
  q: { query: string; params: unknown[] },
  generic = false,
  quiet = false,
  settings: string[] = [],
) {
  const client = await pool.connect();
  try {
    if (generic) await client.query("set plan_cache_mode = force_generic_plan");
    for (const setting of settings) await client.query(`set ${setting}`);
    await client.query(`prepare q as ${q.query}`);
    const args = q.params.length ? `(${q.params.map(literal).join(", ")})` : "";
    const { rows } = await client.query(`explain (analyze, buffers) execute q${args}`);
    const plan = rows.map((r) => r["QUERY PLAN"] as string);
    if (!quiet)
      console.log(
        `\n### ${title}${generic ? " (generic plan, as a prepared statement may settle on)" : ""}\n\n\`\`\`sql\n${q.query}\n-- ${JSON.stringify(q.params)}\n\`\`\`\n\n\`\`\`\n${plan.join("\n")}\n\`\`\``,
      );
    return plan.at(-1)!.replace("Execution Time: ", "");
  } finally {
    await client.query("deallocate all");
    await client.query("reset all");
    client.release();
  }
}

try {
  const {
    rows: [reader],
  } = await pool.query("select id from users order by email limit 1");
  const actor = { id: reader.id as string, roles: ["USER" as const], isAdmin: false };
  const [v1] = await capture(() => listVisiblePosts(db, actor, { limit: 20, offset: 0 }));
  await explain("v1 GET /api/posts, signed-in reader, first page", v1!);
  await explain("v1 GET /api/posts, signed-in reader, first page", v1!, true);
  const v2page = await capture(() =>
    searchVisiblePosts(db, null, {}, [desc(posts.createdAt)], { limit: 20, offset: 20 }),
  );
  for (const q of v2page) await explain("v2 GET /api/v2/posts/?page=2&page_size=20 (page and count)", q);
  const search = await capture(() =>
    searchVisiblePosts(db, null, { search: SEARCH_WORD }, [desc(posts.createdAt)], { limit: 20, offset: 0 }),
  );
  for (const q of search) await explain(`v2 GET /api/v2/posts/?search=${SEARCH_WORD} (page and count)`, q);
  // The planner's trap, on the database as seeded: a word no post contains, estimated as common.
  const absent = await capture(() =>
    searchVisiblePosts(db, null, { search: "zeppelin" }, [desc(posts.createdAt)], { limit: 20, offset: 0 }),
  );
  for (const q of absent)
    await explain("v2 GET /api/v2/posts/?search=zeppelin as the service sends it (the count; no page is sent)", q);
  const walkOf = search.find((q) => q.query.includes(" order by "))!;
  await explain("the same page as one shape for all searches sent it before, zeppelin", {
    ...walkOf,
    params: walkOf.params.map((p) => (p === SEARCH_WORD ? "zeppelin" : p)),
  });
  // Words at chosen numbers of matches, spread over the public posts (ids are random), to place the
  // threshold between the two page shapes (SORT_MATCHES_UP_TO): the service's statements for each,
  // then the page as the one shape of before (as planned, and with the index walk forced) and as
  // sorted matches. The new words change the statistics, so the planner's estimates change too.
  const counts = [
    ["quokka", 100],
    ["narwhal", 500],
    ["axolotl", 1000],
    ["pangolin", 2000],
    ["wombat", 5000],
  ] as const;
  for (const [word, n] of counts) {
    await pool.query(
      `update posts set content = content || ' ' || $1 where id in (select id from posts where visibility = 'public' and status = 'visible' order by id limit $2)`,
      [word, n],
    );
  }
  // Flushes the GIN index's pending list the updates filled, which every search would otherwise scan.
  await pool.query("vacuum analyze posts");
  const words = ["zeppelin", ...counts.map(([w]) => w), SEARCH_WORD];
  const sent = new Map<string, { query: string; params: unknown[] }[]>();
  for (const word of words) {
    sent.set(
      word,
      await capture(() =>
        searchVisiblePosts(db, null, { search: word }, [desc(posts.createdAt)], { limit: 20, offset: 0 }),
      ),
    );
  }
  const pages = [...sent.values()].map(([, page]) => page).filter((page) => page !== undefined);
  const walk = pages.find((q) => !q.query.startsWith("with "))!;
  const shapes = {
    "one shape for all (before), as planned": { statement: walk, settings: [] },
    "index walk": { statement: walk, settings: ["enable_bitmapscan = off"] },
    "sorted matches": { statement: pages.find((q) => q.query.startsWith("with "))!, settings: [] },
  };
  const sweep: string[] = [];
  for (const word of words) {
    const [counting, page] = sent.get(word)!;
    const times = [await explain(`v2 GET /api/v2/posts/?search=${word} as the service sends it: the count`, counting!)];
    times.push(
      page ? await explain(`v2 GET /api/v2/posts/?search=${word} as the service sends it: the page`, page) : "not sent",
    );
    for (const [name, { statement, settings }] of Object.entries(shapes)) {
      const params = statement.params.map((p) => (typeof p === "string" && words.includes(p) ? word : p));
      times.push(await explain(`${word}, the page as ${name}`, { ...statement, params }, false, true, settings));
    }
    sweep.push(`| ${word} | ${times.join(" | ")} |`);
  }
  console.log(
    `\n| word | count | page as sent | before: one shape, as planned | index walk | sorted matches |\n|---|---|---|---|---|---|\n${sweep.join("\n")}`,
  );
  const postId = prepared.seeded.postId;
  const [first] = await capture(() =>
    listComments(db, postId, { where: undefined, orderBy: [desc(comments.createdAt), desc(comments.id)], limit: 11 }),
  );
  await explain("v2 comments, cursor page 1", first!);
  const {
    rows: [at],
  } = await pool.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position, id from comments where post_id = $1 order by created_at desc, id desc offset 9989 limit 1`,
    [postId],
  );
  const where = sql`(${comments.createdAt}, ${comments.id}) < (${at.position}::timestamptz, ${at.id}::uuid)`;
  const [deep] = await capture(() =>
    listComments(db, postId, { where, orderBy: [desc(comments.createdAt), desc(comments.id)], limit: 11 }),
  );
  await explain("v2 comments, cursor page 1,000", deep!);
} finally {
  await pool.end();
  await cleanUpAll();
}
process.exit(0);
