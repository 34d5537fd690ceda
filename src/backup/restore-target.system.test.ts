import { createHash, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { password, type RunningApp, serverUrl, signUp, useBackupCli } from "../../test/backup-cli.js";
import { sessionCookieOf } from "../../test/factories.js";
import { queryRows, userObjects } from "./catalog.js";

// What a restore may find in its target database, and what it must leave alone: the real command
// as a child process, on the embedded database and on PostgreSQL.

const { work, cli, newPgliteUrl, newServerDatabase, openApp } = useBackupCli("restore-target");

/** A backup of a database holding one admin, made with the command. */
async function backUpOneAdmin(url: string, env: Record<string, string> = {}): Promise<{ file: string; email: string }> {
  const app = await openApp(url);
  const ada = await signUp(app, "Ada");
  await app.database.db.execute(sql`update users set roles = '{ADMIN}' where id = ${ada.id}`);
  await app.close();
  const file = join(work, `${randomUUID()}.jsonl`);
  const run = await cli(["backup", "--out", file], url, env);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return { file, email: ada.email };
}

/** Another application's objects beside the service's: each empty, so no row count shows them. */
const FOREIGN = [
  `create table public.other_app_items (id int)`,
  `create view public.other_app_view as select 1 as one`,
  `create function public.other_app_answer() returns int language sql as 'select 42'`,
  `create sequence public.other_app_numbers`,
  `create type public.other_app_mood as enum ('calm')`,
  `create schema billing`,
  `create table billing.invoices (id int)`,
];
const FOREIGN_LISTED =
  "schema billing, table billing.invoices, function public.other_app_answer, table public.other_app_items, " +
  "type public.other_app_mood, sequence public.other_app_numbers, view public.other_app_view";

async function withDb<T>(url: string, use: (app: RunningApp) => Promise<T>): Promise<T> {
  const app = await openApp(url);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

async function expectForeignObjectsKept(targetUrl: string, file: string): Promise<void> {
  const before = await withDb(targetUrl, async (app) => {
    for (const statement of FOREIGN) await app.database.db.execute(sql.raw(statement));
    return userObjects(app.database.db);
  });
  const run = await cli(["restore", file], targetUrl);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(
    `The database holds what this service did not create: ${FOREIGN_LISTED}. Restore into a database of the service's own, or add --force to drop the public and drizzle schemas with all they hold\n`,
  );
  await withDb(targetUrl, async (app) => {
    expect(await userObjects(app.database.db)).toEqual(before);
    const [journal] = await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(journal!.n).toBeGreaterThan(0);
  });
}

describe.each([
  ["the embedded database", false],
  ["PostgreSQL", true],
])("restore into %s", (_name, onServer) => {
  const skip = onServer && !serverUrl;
  const newTarget = () => (onServer ? newServerDatabase() : Promise.resolve(newPgliteUrl()));
  let source: { file: string; email: string };
  beforeAll(async () => {
    if (!skip) source = await backUpOneAdmin(await newTarget());
  }, 120_000);

  it.skipIf(skip)(
    "refuses without --force when anything the service did not create is there, and drops nothing",
    async () => {
      await expectForeignObjectsKept(await newTarget(), source.file);
    },
    120_000,
  );

  it.skipIf(skip)(
    "restores without --force into a database holding only the service's own empty schema",
    async () => {
      const target = await newTarget();
      await withDb(target, async () => undefined);
      const run = await cli(["restore", source.file], target);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      await withDb(target, async (app) => {
        const res = await app.http.post("/api/auth/sign-in/email").send({ email: source.email, password });
        expect(res.status).toBe(200);
      });
    },
    120_000,
  );
});

/** Answers of `GET /api/users` for a cookie, retried while the service says to (503). */
async function listUsers(app: RunningApp, cookie: string): Promise<number> {
  return (await app.http.get("/api/users").set("Cookie", cookie)).status;
}

describe.skipIf(!serverUrl)("restore under a running service on PostgreSQL", () => {
  it("refuses while other sessions are connected; forced, the running service forgets what it cached and never answers 500", async () => {
    const source = await backUpOneAdmin(await newServerDatabase());
    const target = await newServerDatabase();
    const app = await openApp(target);
    // An admin who is not in the backup: their session is cached, and every pooled connection
    // has prepared the session query against the tables the restore replaces.
    const bob = await signUp(app, "Bob");
    await app.database.db.execute(sql`update users set roles = '{ADMIN}' where id = ${bob.id}`);
    const before = await Promise.all(Array.from({ length: 12 }, () => listUsers(app, bob.cookie)));
    expect(before.every((status) => status === 200)).toBe(true);

    const refused = await cli(["restore", source.file], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^\d+ other sessions are connected to the database \(from .+\): stop the service \(and whatever else uses the database\), or add --force to restore under them\n$/,
    );
    expect(await listUsers(app, bob.cookie)).toBe(200);

    const forced = await cli(["restore", source.file, "--force"], target);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/^Ended \d+ other sessions on the database; a running service reconnects$/m);
    const after: number[] = [];
    for (let round = 0; round < 5; round++)
      after.push(...(await Promise.all(Array.from({ length: 12 }, () => listUsers(app, bob.cookie)))));
    // Unavailable for a moment while the service reconnects at most; never the cached admin, never a 500.
    expect(after.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect(after.at(-1)).toBe(401);

    let signIn = await app.http.post("/api/auth/sign-in/email").send({ email: source.email, password });
    for (let tries = 0; signIn.status === 503 && tries < 10; tries++)
      signIn = await app.http.post("/api/auth/sign-in/email").send({ email: source.email, password });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const ada = sessionCookieOf(signIn.headers["set-cookie"]);
    const restored = await Promise.all(Array.from({ length: 12 }, () => listUsers(app, ada)));
    expect(restored.every((status) => status === 200)).toBe(true);
  }, 180_000);
});

describe("a backup signed with BACKUP_SIGNING_KEY", () => {
  const key = "a signing key the operator keeps apart, 32+";
  const signed = { BACKUP_SIGNING_KEY: key };

  /** The file with its first `"roles":["ADMIN"]` edited and the plain checksum recomputed: an accident would not do this. */
  function editRole(file: string, keepSignature: boolean): string {
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const trailer = JSON.parse(lines.pop()!) as Record<string, unknown>;
    const text = lines.map((line) => `${line}\n`).join("");
    const edited = text.replace('"roles":["ADMIN"]', '"roles":["USER"]');
    expect(edited).not.toBe(text);
    const { hmac, ...plain } = trailer;
    const sums = { ...plain, sha256: createHash("sha256").update(edited).digest("hex") };
    const out = join(work, `edited-${randomUUID()}.jsonl`);
    writeFileSync(out, `${edited}${JSON.stringify(keepSignature ? { ...sums, hmac } : sums)}\n`);
    return out;
  }

  it("refuses a file whose role was edited and checksum recomputed, even with --force; unsigned only with --force", async () => {
    const newTarget = () => (serverUrl ? newServerDatabase() : Promise.resolve(newPgliteUrl()));
    const source = await backUpOneAdmin(await newTarget(), signed);
    expect(JSON.parse(readFileSync(source.file, "utf8").trimEnd().split("\n").at(-1)!).hmac).toMatch(/^[0-9a-f]{64}$/);
    const target = await newTarget();

    const edited = editRole(source.file, true);
    for (const args of [
      ["restore", edited],
      ["restore", edited, "--force"],
    ]) {
      const run = await cli(args, target, signed);
      expect([run.code, run.stderr]).toEqual([
        1,
        `${edited} does not match its signature under BACKUP_SIGNING_KEY: it was edited after the backup, or signed with another key\n`,
      ]);
    }
    const unsigned = editRole(source.file, false);
    const refused = await cli(["restore", unsigned], target, signed);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      `${unsigned} is not signed, and BACKUP_SIGNING_KEY is set: add --force to restore it unchecked\n`,
    ]);
    const noKey = await cli(["restore", edited], target);
    expect([noKey.code, noKey.stderr]).toEqual([
      1,
      `${edited} is signed, and BACKUP_SIGNING_KEY is not set: set it to check the file, or add --force to restore it unchecked\n`,
    ]);
    const otherKey = await cli(["restore", source.file], target, { BACKUP_SIGNING_KEY: `${key} but another` });
    expect(otherKey.code).toBe(1);

    const run = await cli(["restore", source.file], target, signed);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  }, 180_000);
});
