// `npx tsx bench/tag-filter.ts postgres://... [posts]`: seeds a bench database (default 1,000,000
// posts), gives the 50 oldest posts a tag of their own, and times the v2 list's first page for a
// tag only old posts carry, a tag no post carries and a common one (the service function, count
// included), then drops the database. A rare or absent tag must not walk the newest-first index.
import { desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { cleanUpAll } from "./cleanup.js";
import { prepare } from "./steps.js";
import { schema, posts } from "../src/db/schema.js";
import type { Db } from "../src/db/client.js";
import { searchVisiblePosts } from "../src/posts/service.js";

const [server, size = "1000000"] = process.argv.slice(2);
if (!server?.startsWith("postgres")) throw new Error("usage: npx tsx bench/tag-filter.ts postgres://... [posts]");
const prepared = await prepare(server, Number(size));
const pool = new pg.Pool({ connectionString: prepared.database.url, max: 2 });
const db = drizzle(pool, { schema }) as unknown as Db;
try {
  await pool.query(`update posts set tags = tags || array['legacy'] where id in (select id from posts order by created_at asc limit 50)`);
  await pool.query(`vacuum analyze posts`);
  for (const tag of ["legacy", "zeppelin", "postgres"]) {
    for (let i = 0; i < 2; i++) await searchVisiblePosts(db, null, { tag }, [desc(posts.createdAt)], { limit: 20, offset: 0 });
    const t = performance.now();
    const { rows, count } = await searchVisiblePosts(db, null, { tag }, [desc(posts.createdAt)], { limit: 20, offset: 0 });
    console.log(`tag=${tag}: ${count} matches, ${rows.length} rows, ${(performance.now() - t).toFixed(1)} ms`);
  }
} finally {
  await pool.end();
  await cleanUpAll();
}
process.exit(0);
