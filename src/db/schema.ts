import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES } from "../roles.js";
import { isoTimestamps } from "./iso-timestamp.js";

// The four tables better-auth needs (user, session, account, verification), with UUID ids
// (better-auth's `generateId: "uuid"`) and the service's `roles` column on the user.

export const roleEnum = pgEnum("role", ROLES);

// better-auth's adapter reads and writes these as Dates; the API's own tables use isoTimestamps.
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull().unique("users_email_unique"),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    roles: roleEnum("roles")
      .array()
      .notNull()
      .default(sql`'{USER}'::role[]`),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("users_created_at_id_idx").on(t.createdAt, t.id)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique("sessions_token_unique"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Set by the passkey sign-in (auth/passkeys.ts) after better-auth created the session: a passkey
    // is both factors. better-auth does not know the column and never reads or writes it.
    passkeySignIn: boolean("passkey_sign_in").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// better-auth's two-factor plugin: the TOTP secret and the backup codes, both encrypted with the
// auth secret; `verified` stays false until a first code confirms the enrolment.
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * TOTP codes already accepted, until their window has passed: a code seen once is refused if it is
 * sent again, on any instance. The key makes the claim atomic, so two requests racing with one
 * code cannot both pass.
 */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/**
 * WebAuthn credentials (passkeys) a user registered while signed in (auth/passkeys.ts): the
 * credential's id and COSE public key (base64url), its signature counter, and what the
 * authenticator said of itself. The id is unique across users: one credential signs in one user.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name"),
    credentialId: text("credential_id").notNull().unique("passkeys_credential_id_unique"),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

export const postVisibilityEnum = pgEnum("post_visibility", ["public", "private"]);
export const postStatusEnum = pgEnum("post_status", ["visible", "hidden"]);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
// A 64-bit transaction id, read as a string (it outgrows a JavaScript number).
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: postVisibilityEnum("visibility").notNull().default("public"),
    status: postStatusEnum("status").notNull().default("visible"),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Full-text search over title (weighted higher) and content, kept up to date by PostgreSQL itself.
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`,
      ),
    ...isoTimestamps,
  },
  // Ascending indexes on purpose: scanned backwards they serve `order by created_at desc, id desc`
  // (DESC NULLS FIRST). drizzle's `.desc()` in an index emits DESC NULLS LAST, which PostgreSQL
  // cannot use for that order, and every newest-first list became a full scan and sort.
  (t) => [
    index("posts_search_vector_idx").using("gin", t.searchVector),
    index("posts_tags_idx").using("gin", t.tags),
    // The anonymous list: public, visible posts, newest first.
    index("posts_public_created_at_id_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.visibility} = 'public' and ${t.status} = 'visible'`),
    // The requestor's own posts, merged into the personalized list.
    index("posts_author_created_at_id_idx").on(t.authorId, t.createdAt, t.id),
    // Moderators' list of every public post, hidden or not.
    index("posts_created_at_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * How many public, visible posts carry each tag, for `GET /api/v2/tags/`. Kept by a trigger on
 * posts (migration tag_counts_trigger) in the transaction of every write, so a read takes the top
 * of an index instead of counting every post; a tag no such post carries has no row.
 */
export const tagCounts = pgTable(
  "tag_counts",
  {
    name: text("name").primaryKey(),
    count: integer("count").notNull(),
  },
  (t) => [
    // Most used first, then by name: the order of the list, read from the top.
    index("tag_counts_count_name_idx").on(t.count.desc(), t.name),
    // The `search` prefix, case-insensitive.
    index("tag_counts_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    ...isoTimestamps,
  },
  (t) => [
    index("comments_post_created_at_id_idx").on(t.postId, t.createdAt, t.id),
    // A user's comments in order: the account export's batches, and the cascade when a user goes.
    index("comments_author_created_at_id_idx").on(t.authorId, t.createdAt, t.id),
  ],
);

export const notificationTypeEnum = pgEnum("notification_type", ["comment", "moderation", "roles", "admin"]);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    message: text("message").notNull(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    createdAt: isoTimestamps.createdAt,
    // Where a live stream stands, in an order that a later commit cannot slip behind: the writing
    // transaction's id, then the row's sequence number (see the streams' reads).
    txId: xid8("tx_id")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (t) => [
    index("notifications_user_created_at_id_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_tx_id_seq_idx").on(t.userId, t.txId, t.seq),
  ],
);

/**
 * Who did what with elevated power: impersonation, adminKey elevation, role changes, moderation,
 * deletions of others' accounts, posts and comments, admin notifications. The actor's id and email
 * stay on the entry for ever, so no foreign key: the account may be deleted, the record may not.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    method: text("method"),
    path: text("path"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: isoTimestamps.createdAt,
  },
  (t) => [index("audit_log_created_at_id_idx").on(t.createdAt, t.id)],
);

/**
 * Mail waiting to be sent, or sent. A request that causes a mail answers once its row is committed;
 * a worker on any instance claims due rows (`FOR UPDATE SKIP LOCKED`), sends them and records the
 * outcome. The link inside a message is a credential: `payload` holds the message's values sealed
 * with a key derived from the auth secret, and is emptied once the message is sent or given up.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    /** The Message-ID header: the same on every attempt, so a receiver can tell a repeat. */
    messageId: text("message_id").notNull().unique("mail_outbox_message_id_unique"),
    payload: text("payload"),
    /** pending, sent or failed. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a worker may next try: now for a new message, later after a failure or while one holds it. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A message whose link has expired is not worth sending. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  twoFactors,
  usedTotpCodes,
  passkeys,
  posts,
  comments,
  notifications,
  auditLog,
  mailOutbox,
};

/**
 * Drizzle's query builder over this schema, one type for both drivers; a transaction is one too, so
 * services take either. `Database` (database.ts) is what holds it: connections, listening, health.
 */
export type DrizzleDb = PgDatabase<PgQueryResultHKT, typeof schema>;
