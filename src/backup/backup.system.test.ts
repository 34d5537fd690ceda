import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { password, type RunningApp, serverUrl, signUp, useBackupCli } from "../../test/backup-cli.js";
import { sessionCookieOf } from "../../test/factories.js";
import type { DrizzleDb } from "../db/schema.js";
import { TAG_MAX_LENGTH } from "../posts/schemas.js";
import { listTables, queryRows } from "./catalog.js";
import { releaseMigrations } from "./migrations.js";

// The real commands (`npm run db:backup` / `db:restore`'s program) as child processes, between
// the embedded database and PostgreSQL in all four directions, checked through the real app.

const { work, cli, newPgliteUrl, newServerDatabase, openApp } = useBackupCli("backup");
const onServer = describe.skipIf(!serverUrl);

/** Users, posts with tags, a comment and its notification, and audit entries, through the API. */
async function seed(app: RunningApp): Promise<{ email: string; postIds: string[] }> {
  const ada = await signUp(app, "Ada");
  const bob = await signUp(app, "Bob");
  await app.database.db.execute(sql`update users set roles = '{ADMIN}' where id = ${ada.id}`);
  const postIds: string[] = [];
  for (const [index, tags] of [["backup", "postgres"], ["backup"], ["pglite"]].entries()) {
    const res = await app.http
      .post("/api/posts")
      .set("Cookie", ada.cookie)
      .send({ title: `Post ${index}`, content: `Line one\nline "two" é ${index}`, tags });
    expect(res.status).toBe(201);
    postIds.push(res.body.post.id);
  }
  const comment = await app.http
    .post(`/api/v2/posts/${postIds[0]}/comments/`)
    .set("Cookie", bob.cookie)
    .send({ content: "A comment" });
  expect(comment.status).toBe(201);
  const roles = await app.http
    .put(`/api/users/${bob.id}/roles`)
    .set("Cookie", ada.cookie)
    .send({ roles: ["MODERATOR"] });
  expect(roles.status).toBe(200);
  const moderated = await app.http
    .post("/api/moderate")
    .set("Cookie", ada.cookie)
    .send({ postId: postIds[2], action: "hide", reason: "test" });
  expect(moderated.status).toBe(200);
  await seedAwkwardText(app, bob.id, postIds[1]!);
  // A passkey as the registration stores it (the ceremony itself is src/auth/passkeys.test.ts's).
  await app.database.db.execute(
    sql`insert into passkeys (user_id, name, credential_id, public_key, counter, device_type, backed_up, transports)
        values (${ada.id}, 'laptop', ${randomUUID()}, 'pQECAyYgASFYIA', 3, 'multiDevice', true, 'internal,hybrid')`,
  );
  return { email: ada.email, postIds };
}

/**
 * The longest values the service accepts, holding what a line-based file could trip on: U+2028 and
 * U+2029 (which PostgreSQL writes unescaped), CRLF, and characters outside the Basic Multilingual
 * Plane. Written with SQL, so the test does not depend on which of them the API lets through.
 */
async function seedAwkwardText(app: RunningApp, userId: string, postId: string): Promise<void> {
  const awkward = (length: number) => "Ann\u2028Lee\u2029 \r\n\u{1F600}\u{10FFFF}é\n".repeat(length).slice(0, length);
  const db = app.database.db;
  await db.execute(sql`update users set name = ${awkward(100)} where id = ${userId}`);
  await db.execute(sql`update posts set title = ${awkward(200)}, content = ${awkward(50_000)},
                         tags = array[${awkward(TAG_MAX_LENGTH)}, 'backup'] where id = ${postId}`);
  await db.execute(sql`update comments set content = ${awkward(2000)}`);
}

/**
 * Each table's row count and a digest of its rows' contents (generated columns included), but for
 * notifications' positions: those are the writing database's transaction ids, renumbered by a restore.
 */
async function fingerprint(db: DrizzleDb): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const result: Record<string, string> = {};
    for (const { name } of await listTables(tx)) {
      const [row] = await queryRows<{ rows: number; digest: string }>(
        tx,
        sql`select count(*)::int as rows,
                   md5(coalesce(string_agg(row_of_t, E'\n' order by row_of_t), '')) as digest
            from (select (row_to_json(t)::jsonb - 'tx_id' - 'seq')::text as row_of_t from ${sql.identifier(name)} t) as rows`,
      );
      result[name] = `${row!.rows} rows ${row!.digest}`;
    }
    return result;
  });
}

async function expectSignIn(app: RunningApp, email: string): Promise<string> {
  const res = await app.http.post("/api/auth/sign-in/email").send({ email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionCookieOf(res.headers["set-cookie"]);
}

/**
 * A notification written after the restore comes after every restored one in the order live
 * streams resume from, so a reconnect naming a restored notification receives it.
 */
async function expectNewNotificationAfterRestored(app: RunningApp, adminCookie: string): Promise<void> {
  const [restored] = await queryRows<{ id: string; user_id: string }>(
    app.database.db,
    sql`select id, user_id from notifications order by tx_id desc, seq desc limit 1`,
  );
  const created = await app.http
    .post("/api/v2/notifications/")
    .set("Cookie", adminCookie)
    .send({ userId: restored!.user_id, message: "After the restore" });
  expect(created.status).toBe(201);
  const [later] = await queryRows<{ later: boolean }>(
    app.database.db,
    sql`select (n.tx_id, n.seq) > (r.tx_id, r.seq) as later
        from notifications n, notifications r where n.id = ${created.body.id} and r.id = ${restored!.id}`,
  );
  expect(later!.later).toBe(true);
}

/** What the migrations after 0003 added: columns of existing tables, and new tables. */
const ADDED_AFTER_0003 = {
  columns: {
    audit_log: ["actor_email"],
    notifications: ["tx_id", "seq"],
    users: ["two_factor_enabled"],
    sessions: ["passkey_sign_in"],
  } as Record<string, string[]>,
  tables: ["mail_outbox", "two_factors", "used_totp_codes", "passkeys"],
};

/**
 * The backup as a release at `migration` (0003) would have written it: without the columns and
 * tables that later migrations added, and with a trailer that matches.
 */
function rewriteAsOlderBackup(file: string, migration: { tag: string; createdAt: number; hash: string }): string {
  const [first, ...rest] = readFileSync(file, "utf8").trimEnd().split("\n");
  const header = {
    ...JSON.parse(first!),
    migration: { tag: migration.tag, createdAt: migration.createdAt, hash: migration.hash },
  };
  const lines = [JSON.stringify(header)];
  let rowsLeft = 0;
  let dropping: string[] = [];
  let droppingTable = false;
  let tables = 0;
  let rows = 0;
  for (const line of rest.slice(0, -1)) {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (rowsLeft > 0) {
      rowsLeft--;
      if (droppingTable) continue;
      for (const column of dropping) delete value[column];
      rows++;
    } else {
      const table = value.table as string;
      rowsLeft = value.rows as number;
      droppingTable = ADDED_AFTER_0003.tables.includes(table);
      if (droppingTable) continue;
      dropping = ADDED_AFTER_0003.columns[table] ?? [];
      value.columns = (value.columns as string[]).filter((column) => !dropping.includes(column));
      tables++;
    }
    lines.push(JSON.stringify(value));
  }
  const text = lines.map((line) => `${line}\n`).join("");
  const trailer = {
    ...JSON.parse(rest.at(-1)!),
    tables,
    rows,
    sha256: createHash("sha256").update(text).digest("hex"),
  };
  const older = join(work, `older-${randomUUID()}.jsonl`);
  writeFileSync(older, `${text}${JSON.stringify(trailer)}\n`);
  return older;
}

interface Source {
  file: string;
  email: string;
  postIds: string[];
  before: Record<string, string>;
}

/** Seeds a database through the app and backs it up with the command (through the app, on PGlite). */
async function backUpSeeded(url: string): Promise<Source> {
  const app = await openApp(url);
  const { email, postIds } = await seed(app);
  const before = await fingerprint(app.database.db);
  const file = join(work, `${randomUUID()}.jsonl`);
  const run = await cli(["backup", "--out", file], url);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const through = url.startsWith("pglite:") ? " through the running service" : "";
  expect(run.stdout).toMatch(
    new RegExp(
      `^Backed up 13 tables, \\d+ rows, \\d+ bytes to ${file} in [\\d.]+ s \\(\\w+${through}, at migration \\w+\\)\n$`,
    ),
  );
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(await fingerprint(app.database.db)).toEqual(before);
  const again = await cli(["backup", "--out", file], url);
  expect([again.code, again.stderr]).toEqual([1, `${file} already exists: choose another --out\n`]);
  const missingFolder = join(work, "no-such-folder", "backup.jsonl");
  const nowhere = await cli(["backup", "--out", missingFolder], url);
  expect([nowhere.code, nowhere.stderr]).toEqual([
    1,
    `Cannot write ${missingFolder}: the folder ${dirname(missingFolder)} does not exist\n`,
  ]);
  expect(readdirSync(work).filter((name) => name.endsWith(".partial"))).toEqual([]);
  await app.close();
  return { file, email, postIds, before };
}

async function expectRestored(source: Source, targetUrl: string): Promise<RunningApp> {
  const run = await cli(["restore", source.file], targetUrl);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(
    /^Restored 13 tables, \d+ rows from .* database in [\d.]+ s \(made .* at migration \w+; now at \w+\)\n$/,
  );
  const app = await openApp(targetUrl);
  expect(await fingerprint(app.database.db)).toEqual(source.before);
  const adminCookie = await expectSignIn(app, source.email);
  const post = await app.http.get(`/api/posts/${source.postIds[0]}`);
  expect(post.status).toBe(200);
  expect(post.body.post.content).toBe('Line one\nline "two" é 0');
  await expectNewNotificationAfterRestored(app, adminCookie);
  return app;
}

/** Each refusal is one line and exit 1, and the target's rows are as they were. */
async function expectRefusals(source: Source, targetUrl: string): Promise<void> {
  // Read with the app closed: on the embedded database, a restore refuses while another process holds it.
  const readTarget = async () => {
    const app = await openApp(targetUrl);
    const rows = await fingerprint(app.database.db);
    await app.close();
    return rows;
  };
  const before = await readTarget();
  const notEmpty = await cli(["restore", source.file], targetUrl);
  expect(notEmpty.code).toBe(1);
  expect(notEmpty.stderr).toMatch(
    /^The database is not empty: users \(\d+ rows\), .*\. Restore into an empty database, or add --force to replace all of it\n$/,
  );
  const truncated = join(work, `truncated-${randomUUID()}.jsonl`);
  const whole = readFileSync(source.file);
  writeFileSync(truncated, whole.subarray(0, whole.length - 40));
  const cut = await cli(["restore", truncated, "--force"], targetUrl);
  expect([cut.code, cut.stderr]).toEqual([1, `${truncated} is damaged or incomplete: an unreadable line\n`]);
  writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
  const half = await cli(["restore", truncated, "--force"], targetUrl);
  expect(half.code).toBe(1);
  expect(half.stderr).toMatch(/ is (incomplete: it ends before its trailer|damaged or incomplete: an unreadable line)/);
  const foreign = join(work, `foreign-${randomUUID()}.jsonl`);
  writeFileSync(foreign, '{"model":"auth.user","pk":1,"fields":{}}\n');
  const other = await cli(["restore", foreign, "--force"], targetUrl);
  expect([other.code, other.stderr]).toEqual([1, `${foreign} is not a backup of this service\n`]);
  expect(await readTarget()).toEqual(before);
}

describe("a backup of the embedded database, taken through the running service", () => {
  let source: Source;
  beforeAll(async () => {
    source = await backUpSeeded(newPgliteUrl());
  }, 240_000);

  let pgliteTarget: string;

  it("restores into another embedded database: the same rows, and the old password signs in", async () => {
    pgliteTarget = newPgliteUrl();
    const target = await expectRestored(source, pgliteTarget);
    await target.close();
  }, 240_000);

  it("refuses a database that holds rows, a truncated file and a foreign file, changing nothing", async () => {
    await expectRefusals(source, pgliteTarget);
    // Checked before the database is opened: no embedded database is created for a foreign file.
    const fresh = newPgliteUrl();
    const notes = join(work, "notes.txt");
    writeFileSync(notes, "not a backup\n");
    const foreign = await cli(["restore", notes], fresh);
    expect([foreign.code, foreign.stderr]).toEqual([1, `${notes} is not a backup of this service\n`]);
    expect(existsSync(fresh.slice("pglite:".length))).toBe(false);
  }, 300_000);

  it("restores a backup made at an older migration, then applies the newer ones over its rows", async () => {
    const older = releaseMigrations().find((migration) => migration.tag === "0003_change_notifications")!;
    const file = rewriteAsOlderBackup(source.file, older);
    const targetUrl = serverUrl ? await newServerDatabase() : newPgliteUrl();
    const run = await cli(["restore", file], targetUrl);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      new RegExp(`at migration 0003_change_notifications; now at ${releaseMigrations().at(-1)!.tag}\\)\n$`),
    );
    const target = await openApp(targetUrl);
    // 0004 added audit_log.actor_email and 0005 filled it from the accounts.
    const entries = await queryRows<{ recorded: string | null; actual: string }>(
      target.database.db,
      sql`select a.actor_email as recorded, u.email as actual from audit_log a join users u on u.id = a.actor_id`,
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.recorded === entry.actual)).toBe(true);
    await expectSignIn(target, source.email);
    await target.close();
  }, 240_000);

  it.skipIf(!serverUrl)(
    "moves to a PostgreSQL server: the same rows, and the old password signs in",
    async () => {
      const target = await expectRestored(source, await newServerDatabase());
      await target.close();
    },
    240_000,
  );
});

onServer("a backup of a PostgreSQL database", () => {
  let source: Source;
  let serverTarget: string;
  beforeAll(async () => {
    source = await backUpSeeded(await newServerDatabase());
  }, 240_000);

  it("restores into another PostgreSQL database: the same rows, and the old password signs in", async () => {
    serverTarget = await newServerDatabase();
    const target = await expectRestored(source, serverTarget);
    await target.close();
  }, 240_000);

  it("moves to the embedded database: the same rows, and the old password signs in", async () => {
    const target = await expectRestored(source, newPgliteUrl());
    await target.close();
  }, 240_000);

  it("refuses a database that holds rows, a truncated file and a foreign file, changing nothing", async () => {
    await expectRefusals(source, serverTarget);
  }, 240_000);
});

describe("a backup while writers run", () => {
  it("holds every write acknowledged before it began, and restores a consistent database", async () => {
    const url = newPgliteUrl();
    const app = await openApp(url);
    const email = `writer-${randomUUID()}@example.com`;
    const signedUp = await app.http.post("/api/auth/sign-up/email").send({ name: "Writer", email, password });
    const cookie = sessionCookieOf(signedUp.headers["set-cookie"]);
    const acknowledged: string[] = [];
    let writing = true;
    const failures: number[] = [];
    const writer = async (id: number) => {
      for (let n = 0; writing; n++) {
        const res = await app.http
          .post("/api/posts")
          .set("Cookie", cookie)
          .send({
            title: `Writer ${id} post ${n}`,
            content: "Written during a backup.",
            tags: [`w${id}`, `n${n % 3}`],
          });
        if (res.status === 201) acknowledged.push(res.body.post.id);
        else failures.push(res.status);
      }
    };
    const writers = Promise.all([1, 2, 3].map(writer));
    const file = join(work, "under-load.jsonl");
    const backUpWhileWriting = async () => {
      try {
        while (acknowledged.length < 20 && failures.length === 0)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const acknowledgedBefore = [...acknowledged];
        return { beforeBackup: acknowledgedBefore, run: await cli(["backup", "--out", file], url) };
      } finally {
        writing = false;
        await writers;
      }
    };
    const { beforeBackup, run } = await backUpWhileWriting();
    expect(failures).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    // Writes went on while the backup ran: the test measures the backup under load, not beside it.
    expect(acknowledged.length).toBeGreaterThan(beforeBackup.length);
    const lines = readFileSync(file, "utf8").split("\n");
    const postsAt = lines.findIndex((line) => line.startsWith('{"table":"posts"'));
    const count = (JSON.parse(lines[postsAt]!) as { rows: number }).rows;
    const backedUp = new Set(lines.slice(postsAt + 1, postsAt + 1 + count).map((line) => JSON.parse(line).id));
    expect(beforeBackup.filter((id) => !backedUp.has(id))).toEqual([]);
    const busy = await cli(["restore", file, "--force"], url);
    expect([busy.code, busy.stderr]).toEqual([
      1,
      "The embedded database is in use by the running service: stop it, then restore\n",
    ]);
    await app.close();

    const targetUrl = newPgliteUrl();
    const restored = await cli(["restore", file], targetUrl);
    expect(restored.code, restored.stderr).toBe(0);
    const target = await openApp(targetUrl);
    const db = target.database.db;
    const counts = await queryRows<{ name: string; count: number }>(
      db,
      sql`select name, count from tag_counts order by name`,
    );
    const recount = await queryRows<{ name: string; count: number }>(
      db,
      sql`select tag as name, count(*)::int as count
          from posts cross join lateral (select distinct unnest(tags) as tag) t
          where visibility = 'public' and status = 'visible' group by tag order by tag`,
    );
    expect(counts).toEqual(recount);
    const [posts] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from posts`);
    expect(posts!.n).toBe(count);
    await expectSignIn(target, email);
    await target.close();
  }, 300_000);
});
