import { and, eq, or, type Placeholder, type SQL } from "drizzle-orm";
import type { Actor } from "../auth/actor.js";
import { seesHiddenPosts } from "../auth/policy.js";
import { posts } from "../db/schema.js";

/**
 * Who may see which post, for every route of every API version that reads posts:
 * anyone sees public, visible posts; a signed-in user also sees all of their own;
 * moderators and admins also see public posts that moderation hid.
 */
export function visibleTo(actor: Actor | null): SQL {
  return actor ? visibleToSignedIn(seesHiddenPosts(actor), actor.id) : publicAndVisible();
}

/** The rule for a signed-in reader; `readerId` may be a prepared statement's placeholder. */
export function visibleToSignedIn(seesHidden: boolean, readerId: string | Placeholder): SQL {
  const othersPosts = seesHidden ? eq(posts.visibility, "public") : publicAndVisible();
  return or(othersPosts, eq(posts.authorId, readerId))!;
}

function publicAndVisible(): SQL {
  return and(eq(posts.visibility, "public"), eq(posts.status, "visible"))!;
}
