import { createHmac, timingSafeEqual } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

// What the service does for `GET /api/posts` (and, in posts-create.ts, `POST /api/posts`), by hand: the same statements, byte for byte and under
// the same names, as the service prepares them (src/auth/session-lookup.ts and listVisiblePosts in
// src/posts/service.ts, captured with drizzle's toSQL), with the same checks (cookie signature,
// session expiry, the visibility rule of src/posts/visibility.ts) and the same JSON. No framework,
// ORM or auth library: the practical limit for this endpoint.

const SESSION_WITH_USER_BY_TOKEN = {
  name: "session_with_user_by_token",
  text:
    'select "sessions"."id", "sessions"."token", "sessions"."expires_at", "sessions"."ip_address", "sessions"."user_agent", ' +
    '"sessions"."user_id", "sessions"."created_at", "sessions"."updated_at", "users"."id", "users"."name", "users"."email", ' +
    '"users"."email_verified", "users"."image", "users"."roles", "users"."created_at", "users"."updated_at" ' +
    'from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token" = $1',
};
const POST_COLUMNS =
  'select "id", "title", "content", "tags", "visibility", "status", "author_id", "created_at", "updated_at" from "posts"';
const NEWEST_FIRST = 'order by "posts"."created_at" desc, "posts"."id" desc';
const ANONYMOUS_LIST = {
  name: "posts_list_anonymous",
  text: `${POST_COLUMNS} where ("posts"."visibility" = $1 and "posts"."status" = $2) ${NEWEST_FIRST} limit $3 offset $4`,
};
const PERSONAL_LIST = {
  name: "posts_list_member",
  text: `${POST_COLUMNS} where (("posts"."visibility" = $1 and "posts"."status" = $2) or "posts"."author_id" = $3) ${NEWEST_FIRST} limit $4 offset $5`,
};
const MODERATOR_LIST = {
  name: "posts_list_sees_hidden",
  text: `${POST_COLUMNS} where ("posts"."visibility" = $1 or "posts"."author_id" = $2) ${NEWEST_FIRST} limit $3 offset $4`,
};

const PAGE_SIZE = 20;
const COOKIE = /(?:^|;\s*)(?:__Secure-)?auth\.session_token=([^;]+)/;

interface Statement {
  /** Named: prepared once per connection, as the service prepares its statements. Unnamed: parsed on every call. */
  name?: string;
  text: string;
}

export interface Queryable {
  /** Runs a named statement: prepared once per connection on PostgreSQL, as the service's are. */
  query(statement: Statement, values: unknown[]): Promise<{ rows: unknown[][] }>;
  close(): Promise<void>;
}

/** The service's DATABASE_URL: a pg pool of the service's default size, or PGlite in this process. */
export async function connect(url: string, poolMax: number): Promise<Queryable> {
  if (url.startsWith("pglite:")) {
    // The shared buffers src/db/client.ts gives the service's PGlite (not imported: that would load drizzle).
    const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
    const client = await PGlite.create(url.slice("pglite:".length), { startParams });
    return {
      query: (statement, values) => client.query<unknown[]>(statement.text, values, { rowMode: "array" }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  return {
    query: (statement, values) => pool.query({ ...statement, values, rowMode: "array" }),
    close: () => pool.end(),
  };
}

/** better-auth's signed cookie: `<token>.<base64 HMAC-SHA256 of the token>`, URL-encoded. */
export function sessionToken(cookieHeader: string | undefined, secret: string): string | undefined {
  const raw = cookieHeader?.match(COOKIE)?.[1];
  if (!raw) return undefined;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

function rolesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  return typeof value === "string"
    ? value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean)
    : [];
}

/** The user of the session this Cookie header carries, if it is signed, known and not expired. */
export async function sessionUser(db: Queryable, cookieHeader: string | undefined, secret: string) {
  const token = sessionToken(cookieHeader, secret);
  const found = token ? (await db.query(SESSION_WITH_USER_BY_TOKEN, [token])).rows[0] : undefined;
  // Columns 0-7 are the session's (2: expires_at), 8-15 its user's (8: id, 13: roles).
  return found && (found[2] as Date) > new Date() ? { id: found[8] as string, roles: rolesOf(found[13]) } : undefined;
}

/** A post row in the order of POST_COLUMNS, as the API's JSON. */
export function postJson(row: unknown[]) {
  return {
    id: row[0],
    title: row[1],
    content: row[2],
    tags: row[3],
    visibility: row[4],
    status: row[5],
    authorId: row[6],
    createdAt: row[7],
    updatedAt: row[8],
  };
}

/** The body of `GET /api/posts` (first page) for the request carrying this Cookie header. */
export async function listPosts(db: Queryable, cookieHeader: string | undefined, secret: string) {
  let rows: unknown[][];
  const user = await sessionUser(db, cookieHeader, secret);
  if (!user) {
    rows = (await db.query(ANONYMOUS_LIST, ["public", "visible", PAGE_SIZE, 0])).rows;
  } else if (user.roles.some((role) => role === "ADMIN" || role === "MODERATOR")) {
    rows = (await db.query(MODERATOR_LIST, ["public", user.id, PAGE_SIZE, 0])).rows;
  } else {
    rows = (await db.query(PERSONAL_LIST, ["public", "visible", user.id, PAGE_SIZE, 0])).rows;
  }
  return {
    posts: rows.map(postJson),
    limit: PAGE_SIZE,
    offset: 0,
  };
}
