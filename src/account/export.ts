import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { postColumns } from "../posts/service.js";
import { commentColumns } from "../comments/service.js";
import { notificationColumns } from "../notifications/service.js";
import { auditColumns } from "../audit/service.js";
import type { DrizzleDb } from "../db/client.js";
import { accounts, auditLog, comments, notifications, posts, sessions, users } from "../db/schema.js";
import { userNotFound } from "../http/errors.js";
import { positionOf } from "../http/lists/cursor.js";

/** Rows read per query: a user with 100,000 posts is read 200 times, never held whole. */
export const EXPORT_BATCH = 500;

// What was done by or to the account. The actor's email is left out: the account's own is in
// `user`, and another's (an ADMIN's) is not the account's to receive.
const { actorEmail: _actorEmail, ...auditColumnsWithoutEmail } = auditColumns;

interface After {
  at: string;
  id: string;
}

interface Positioned {
  id: string;
  position: string;
}

/** Rows after `after` in (created_at, id) order, at most `limit`, each with its exact position. */
type Page<Row extends Positioned> = (after: After | undefined, limit: number) => Promise<Row[]>;

/** The keyset condition: rows strictly after the last one read, so no row is read twice or skipped. */
function after(createdAt: PgColumn, id: PgColumn, position: After | undefined): SQL | undefined {
  return position && sql`(${createdAt}, ${id}) > (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/**
 * Everything the service holds about one user, as the text of one JSON object, in pieces: the
 * account's own records first (each small), then posts, comments, notifications and audit entries,
 * each read in keyset batches of EXPORT_BATCH and yielded a batch at a time. Whoever consumes it
 * decides the pace; stopping the iteration (return) stops the reading. No password hash, token or
 * secret is ever selected. The profile is read before anything is yielded: a user who no longer
 * exists is a 404 before the answer starts.
 */
export async function* exportAccount(db: DrizzleDb, userId: string, currentSessionId: string): AsyncGenerator<string> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      roles: users.roles,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw userNotFound();
  const { twoFactorEnabled, ...profile } = user;

  const linked = await db
    .select({
      providerId: accounts.providerId,
      accountId: accounts.accountId,
      scope: accounts.scope,
      createdAt: accounts.createdAt,
      updatedAt: accounts.updatedAt,
    })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const signedIn = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));

  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"user":${JSON.stringify(profile)}`;
  yield `,"accounts":${JSON.stringify(linked)}`;
  yield `,"sessions":${JSON.stringify(signedIn.map((session) => ({ ...session, current: session.id === currentSessionId })))}`;
  yield `,"twoFactor":${JSON.stringify({ enabled: twoFactorEnabled })}`;

  yield* section("posts", (position, limit) =>
    db
      .select({ ...postColumns, position: positionOf(posts.createdAt) })
      .from(posts)
      .where(and(eq(posts.authorId, userId), after(posts.createdAt, posts.id, position)))
      .orderBy(asc(posts.createdAt), asc(posts.id))
      .limit(limit),
  );
  yield* section("comments", (position, limit) =>
    db
      .select({ ...commentColumns, position: positionOf(comments.createdAt) })
      .from(comments)
      .where(and(eq(comments.authorId, userId), after(comments.createdAt, comments.id, position)))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit),
  );
  yield* section("notifications", (position, limit) =>
    db
      .select({ ...notificationColumns, position: positionOf(notifications.createdAt) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), after(notifications.createdAt, notifications.id, position)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(limit),
  );
  // What they did, and what was done to them, their account or their content.
  yield* section("audit", (position, limit) =>
    db
      .select({ ...auditColumnsWithoutEmail, position: positionOf(auditLog.createdAt) })
      .from(auditLog)
      .where(
        and(
          or(
            eq(auditLog.actorId, userId),
            eq(auditLog.targetId, userId),
            sql`${auditLog.details}->>'authorId' = ${userId}`,
            sql`${auditLog.details}->>'actingAs' = ${userId}`,
          ),
          after(auditLog.createdAt, auditLog.id, position),
        ),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      .limit(limit),
  );
  yield "}";
}

/** `,"name":[...]`, a batch of rows per piece. */
async function* section<Row extends Positioned>(name: string, page: Page<Row>): AsyncGenerator<string> {
  let text = `,${JSON.stringify(name)}:[`;
  let first = true;
  let position: After | undefined;
  for (;;) {
    const rows = await page(position, EXPORT_BATCH);
    for (const { position: _position, ...row } of rows) {
      text += first ? JSON.stringify(row) : `,${JSON.stringify(row)}`;
      first = false;
    }
    if (rows.length < EXPORT_BATCH) break;
    const last = rows[rows.length - 1]!;
    position = { at: last.position, id: last.id };
    yield text;
    text = "";
  }
  yield `${text}]`;
}
