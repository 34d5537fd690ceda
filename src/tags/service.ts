import { desc, sql } from "drizzle-orm";
import type { Actor } from "../auth/actor.js";
import type { Db } from "../db/client.js";
import { posts } from "../db/schema.js";
import { visibleTo } from "../posts/visibility.js";

/** Every tag of the posts the actor may see, with how many of those posts carry it; most used first. */
export function countVisibleTags(db: Db, actor: Actor | null): Promise<{ name: string; count: number }[]> {
  const name = sql<string>`unnest(${posts.tags})`.as("name");
  const count = sql<number>`count(*)::int`.as("count");
  return db
    .select({ name, count })
    .from(posts)
    .where(visibleTo(actor))
    .groupBy(sql`1`)
    .orderBy(desc(count), sql`1`);
}
