import { type Queryable, postJson, sessionUser } from "./posts-list.js";

// What the service does for `POST /api/posts`, by hand: the session as for the list, the body
// checked against the same limits (src/posts/schemas.ts), and the insert createPost in
// src/posts/service.ts prepares (captured with toSQL; the same text under the same name).
const INSERT_POST = {
  name: "posts_create",
  text:
    'insert into "posts" ("id", "title", "content", "tags", "visibility", "status", "author_id", "created_at", "updated_at") ' +
    "values (default, $1, $2, $3, $4, default, $5, default, default) " +
    'returning "id", "title", "content", "tags", "visibility", "status", "author_id", "created_at", "updated_at"',
};

interface PostInput {
  title: string;
  content: string;
  tags: string[];
  visibility: "public" | "private";
}

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" && value.trim().length >= min && value.length <= max;

function postInput(body: unknown): PostInput | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { title, content, tags = [], visibility = "public" } = body as Record<string, unknown>;
  if (!isText(title, 5, 200) || !isText(content, 10, 50_000)) return undefined;
  if (!Array.isArray(tags) || tags.length > 5 || !tags.every((tag) => isText(tag, 1, 50))) return undefined;
  if (visibility !== "public" && visibility !== "private") return undefined;
  return { title, content, tags: tags.map((tag: string) => tag.trim()), visibility };
}

/** A PostgreSQL array literal, as drizzle writes a `text[]` parameter. */
function pgTextArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

/** The status and body of `POST /api/posts` for this Cookie header and parsed JSON body. */
export async function createPost(db: Queryable, cookieHeader: string | undefined, secret: string, body: unknown) {
  const user = await sessionUser(db, cookieHeader, secret);
  if (!user) return { status: 401, body: { error: "No auth session" } };
  const input = postInput(body);
  if (!input) return { status: 400, body: { error: "Invalid request", code: "validation_error" } };
  const values = [input.title, input.content, pgTextArray(input.tags), input.visibility, user.id];
  const [row] = (await db.query(INSERT_POST, values)).rows;
  return { status: 201, body: { post: postJson(row!) } };
}
