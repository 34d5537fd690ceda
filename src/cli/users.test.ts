import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyEmbeddedTemplate } from "../../test/embedded-template.js";
import { signIn, useSecondApp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { builtProgram } from "../../test/service-process.js";
import { UUID } from "../db/uuid.js";

// The CLI runs as operators run it: the program `npm run users` runs (the built dist/, which the
// test run's global set-up builds), a separate process on the service's database. On PGlite that
// is a directory (a copy of the run's migrated database) the commands open themselves, before the
// app opens it (running-service.system.test.ts runs them beside a running service, on a directory
// its first start creates); on PostgreSQL, the test file's own database.

const program = [process.execPath, "--enable-source-maps", builtProgram("cli/users.js")];
const serverUrl = process.env.TEST_DATABASE_URL;
const directory = serverUrl ? undefined : mkdtempSync(join(tmpdir(), "posts-api-cli-"));
if (directory) copyEmbeddedTemplate(directory);
afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

// An empty working directory: the CLI reads .env from it, and there is none.
const commandOptions = (databaseUrl: string) => ({
  cwd: tmpdir(),
  env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: databaseUrl },
  timeout: 150_000,
});

/** The command with standard input a pipe that is empty, or carries `input`. */
async function users(databaseUrl: string, args: string[], input = ""): Promise<Run> {
  const [node, ...options] = program;
  const command = promisify(execFile)(node!, [...options, ...args], commandOptions(databaseUrl));
  command.child.stdin!.end(input);
  return command.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Run) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/**
 * The command on a terminal (a pseudo-terminal from util-linux's `script`), typing each answer
 * once its prompt shows; returns everything the terminal displayed.
 */
async function usersOnTerminal(
  databaseUrl: string,
  args: string[],
  answers: [prompt: string, typed: string][],
): Promise<Run> {
  const command = [...program, ...args].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(" ");
  const child = spawn("script", ["-qec", command, "/dev/null"], commandOptions(databaseUrl));
  let screen = "";
  let answered = 0;
  let seen = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    screen += chunk.toString();
    const next = answers[answered];
    const at = next ? screen.indexOf(next[0], seen) : -1;
    if (!next || at < 0) return;
    answered++;
    seen = at + next[0].length;
    child.stdin.write(`${next[1]}\r`);
  });
  const [code] = (await once(child, "close")) as [number];
  return { code, stdout: screen, stderr: "" };
}

const id = randomUUID().slice(0, 8);
const admin = { email: `first-admin-${id}@example.com`, name: "First Admin", password: "admin password 1" };
const moderator = { email: `moderator-${id}@example.com`, name: "Future Moderator", password: "moderator password" };
const piped = {
  email: `piped-${id}@example.com`,
  name: "Piped Password",
  password: " spaces kept, one line break dropped ",
};
const prompted = { email: `prompted-${id}@example.com`, name: "Prompted Password", password: "typed and never shown" };
const hasTerminalTool = await promisify(execFile)("script", ["--version"]).then(
  () => true,
  () => false,
);
const runs: Record<string, Run> = {};

async function runCommands(databaseUrl: string): Promise<void> {
  const create = (user: typeof admin, ...extra: string[]) =>
    users(databaseUrl, ["create", "--email", user.email, "--name", user.name, "--password", user.password, ...extra]);
  // Refused before the database is opened, so they may run beside the others.
  const refusals = Promise.all([
    create({ ...admin, email: `weak-${id}@example.com`, password: "seven77" }),
    create({ ...admin, email: `common-${id}@example.com`, password: "password123" }),
    create({ ...admin, email: `blank-${id}@example.com`, password: "\u200b".repeat(10) }),
    create(admin, "--role", "OWNER"),
    create({ ...admin, email: `${"l".repeat(65)}@example.com` }),
    users(databaseUrl, []),
    users(databaseUrl, ["create", "--email", `nopassword-${id}@example.com`, "--name", "No Password"]),
    users(databaseUrl, [
      "create",
      "--email",
      `both-${id}@example.com`,
      "--name",
      "Both",
      "--password",
      "x",
      "--password-stdin",
    ]),
  ]);
  runs.createAdmin = await create({ ...admin, email: admin.email.toUpperCase() }, "--role", "ADMIN");
  runs.createUser = await create(moderator);
  runs.setRoles = await users(databaseUrl, ["set-roles", moderator.email, "MODERATOR", "USER"]);
  runs.duplicate = await create(admin);
  runs.unknownEmail = await users(databaseUrl, ["set-roles", `nobody-${id}@example.com`, "USER"]);
  runs.stdin = await users(
    databaseUrl,
    ["create", "--email", piped.email, "--name", piped.name, "--password-stdin"],
    `${piped.password}\n`,
  );
  if (hasTerminalTool) {
    const typed: [string, string][] = [
      ["Password: ", prompted.password],
      ["Repeat the password: ", prompted.password],
    ];
    runs.prompted = await usersOnTerminal(
      databaseUrl,
      ["create", "--email", prompted.email, "--name", prompted.name],
      typed,
    );
  }
  [
    runs.badPassword,
    runs.commonPassword,
    runs.blankPassword,
    runs.badRole,
    runs.longLocalPart,
    runs.noCommand,
    runs.noPassword,
    runs.bothPasswords,
  ] = await refusals;
}

if (directory) beforeAll(() => runCommands(`pglite:${directory}`), 600_000);
const t = useTestApp(directory ? { DATABASE_URL: `pglite:${directory}` } : {});
if (!directory) beforeAll(() => runCommands(t.config.databaseUrl), 600_000);
// better-auth's own scrypt, which the CLI hashes with, instead of the test app's cheap stand-in.
const app = useSecondApp(t, {}, { realPasswordHashing: true });

/** The CLI's line for a created user: its email, the UUID it was given and its roles. */
function createdLine(stdout: string): string[] | undefined {
  return /^Created (\S+) \((.+)\) with roles (.+)$/.exec(stdout.trim())?.slice(1);
}

describe("users create", () => {
  it("creates an ADMIN who can sign in and use admin routes", async () => {
    expect(runs.createAdmin).toMatchObject({ code: 0, stderr: "" });
    expect(createdLine(runs.createAdmin!.stdout)).toEqual([admin.email, expect.stringMatching(UUID), "ADMIN"]);
    const cookie = await signIn(app.http, admin);
    const profile = await app.http.get("/api/profile").set("Cookie", cookie);
    expect(profile.body.user).toMatchObject({ email: admin.email, name: "First Admin", roles: ["ADMIN"] });
    expect((await app.http.get("/api/users").set("Cookie", cookie)).status).toBe(200);
    // The operator vouches for the address: no verification mail is needed.
    const record = await app.http.get(`/api/v2/users/${profile.body.user.id}/`).set("Cookie", cookie);
    expect(record.body).toMatchObject({ emailVerified: true });
  });

  it("creates a USER when no role is given", () => {
    expect(runs.createUser).toMatchObject({ code: 0, stderr: "" });
    expect(createdLine(runs.createUser!.stdout)).toEqual([moderator.email, expect.stringMatching(UUID), "USER"]);
  });

  it("refuses an email already taken, with exit code 1", () => {
    expect(runs.duplicate).toMatchObject({ code: 1, stdout: "" });
    expect(runs.duplicate!.stderr.trim()).toBe("User with this email already exists");
  });

  it("refuses a password under 8 characters, naming the field but not the value, with exit code 1", () => {
    expect(runs.badPassword).toMatchObject({ code: 1, stdout: "" });
    expect(runs.badPassword!.stderr.trim()).toMatch(/^password: /);
    expect(runs.badPassword!.stderr).not.toContain("seven77");
  });

  it("refuses a common password or one only of invisible characters, saying why, with exit code 1", () => {
    expect(runs.commonPassword).toMatchObject({ code: 1, stdout: "" });
    expect(runs.commonPassword!.stderr.trim()).toBe(
      "password: Password is too common: it appears in lists of leaked passwords; choose another",
    );
    expect(runs.blankPassword).toMatchObject({ code: 1, stdout: "" });
    expect(runs.blankPassword!.stderr.trim()).toBe(
      "password: Password must contain a visible character, not only spaces or invisible ones",
    );
  });

  it("refuses an email whose part before the @ is over 64 characters, with exit code 1", () => {
    expect(runs.longLocalPart).toMatchObject({ code: 1, stdout: "" });
    expect(runs.longLocalPart!.stderr.trim()).toBe("email: Invalid email address");
  });

  it("refuses an unknown role, with exit code 1", () => {
    expect(runs.badRole).toMatchObject({ code: 1, stdout: "" });
    expect(runs.badRole!.stderr.trim()).toMatch(/^roles\.0: .*ADMIN/);
  });

  it("prints the usage without a command, with exit code 1", () => {
    expect(runs.noCommand!.code).toBe(1);
    expect(runs.noCommand!.stderr).toContain("npm run users -- create --email E --name N [--password-stdin]");
  });
});

describe("users create: the password", () => {
  it("reads it from standard input with --password-stdin, less the line break, so it never shows in a command line", async () => {
    expect(runs.stdin).toMatchObject({ code: 0, stderr: "" });
    expect(runs.stdin!.stdout).toMatch(new RegExp(`^Created ${piped.email} `));
    const cookie = await signIn(app.http, piped);
    expect((await app.http.get("/api/profile").set("Cookie", cookie)).body.user.email).toBe(piped.email);
  });

  it.skipIf(!hasTerminalTool)("asks for it twice on a terminal without showing what is typed", async () => {
    expect(runs.prompted!.code).toBe(0);
    expect(runs.prompted!.stdout).toContain("Password: ");
    expect(runs.prompted!.stdout).toContain("Repeat the password: ");
    expect(runs.prompted!.stdout).toMatch(new RegExp(`Created ${prompted.email} `));
    expect(runs.prompted!.stdout).not.toContain(prompted.password);
    await signIn(app.http, prompted);
  });

  it("refuses to run without one when there is no terminal to ask on, with exit code 1", () => {
    expect(runs.noPassword).toMatchObject({ code: 1, stdout: "" });
    expect(runs.noPassword!.stderr.trim()).toBe(
      "No password given: pipe it in with --password-stdin, or run the command in a terminal to be prompted",
    );
  });

  it("refuses --password with --password-stdin, with exit code 1", () => {
    expect(runs.bothPasswords).toMatchObject({ code: 1, stdout: "" });
    expect(runs.bothPasswords!.stderr.trim()).toBe("Use either --password or --password-stdin, not both");
  });
});

describe("users set-roles", () => {
  it("replaces the roles of the user with that email", async () => {
    expect(runs.setRoles).toMatchObject({ code: 0, stderr: "" });
    expect(runs.setRoles!.stdout.trim()).toBe(`${moderator.email} now has roles MODERATOR, USER`);
    const cookie = await signIn(app.http, moderator);
    const profile = await app.http.get("/api/profile").set("Cookie", cookie);
    expect(profile.body.user.roles).toEqual(["MODERATOR", "USER"]);
  });

  it("records the change in the audit log, with no actor and the roles before and after", async () => {
    const adminCookie = await signIn(app.http, admin);
    const target = await app.http.get("/api/profile").set("Cookie", await signIn(app.http, moderator));
    const audit = await app.http.get("/api/admin/audit").set("Cookie", adminCookie);
    expect(audit.body.entries.filter((entry: { action: string }) => entry.action === "user.set_roles")).toEqual([
      expect.objectContaining({
        actorId: null,
        targetId: target.body.user.id,
        method: null,
        path: null,
        details: { roles: ["MODERATOR", "USER"], previousRoles: ["USER"], via: "cli" },
      }),
    ]);
  });

  it("refuses an unknown email with exit code 1", () => {
    expect(runs.unknownEmail).toMatchObject({ code: 1, stdout: "" });
    expect(runs.unknownEmail!.stderr.trim()).toBe(`No user with email nobody-${id}@example.com`);
  });
});
