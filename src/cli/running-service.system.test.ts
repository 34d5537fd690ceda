import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtProgram, startServiceProcess } from "../../test/service-process.js";

// Operators run `npm start` and, beside it, `npm run users` and `npm run db:migrate` on the
// embedded database (PGlite), which only one process may open. Here each is the real program the
// npm script runs (the built dist/), a child process, on one PGlite directory; the commands reach
// the database through the service.

const node = (program: string) => ["--enable-source-maps", builtProgram(program)];
const directory = mkdtempSync(join(tmpdir(), "posts-api-running-"));
const dataDirectory = join(directory, "data");
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(directory, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(program: string, args: string[], env: Record<string, string>, input = ""): Promise<Run> {
  const child = spawn(process.execPath, [...node(program), ...args], {
    // A working directory without .env: only the variables given here configure the program.
    cwd: directory,
    env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: `pglite:${dataDirectory}`, ...env },
  });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

const users = (args: string[], input?: string) => run("cli/users.js", args, {}, input);

interface Service {
  base: string;
  pid: number;
  stop(): Promise<number | null>;
}

/** `npm start`'s program on the PGlite directory, once it listens. */
async function startService(): Promise<Service> {
  const service = await startServiceProcess(process.execPath, node("main.js"), {
    cwd: directory,
    env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: `pglite:${dataDirectory}` },
  });
  const child = service.process;
  children.add(child);
  const holderPid = Number(readFileSync(join(dataDirectory, "service.lock"), "utf8").split("\n")[0]);
  return {
    base: `http://127.0.0.1:${service.port}`,
    pid: holderPid,
    stop: async () => {
      child.kill("SIGTERM");
      const code = await service.exited;
      children.delete(child);
      return code;
    },
  };
}

async function signIn(service: Service, email: string, password: string): Promise<Response> {
  return fetch(`${service.base}/api/auth/sign-in/email`, {
    method: "POST",
    // fetch sends Sec-Fetch-Mode, so better-auth wants an Origin it trusts: BETTER_AUTH_URL's.
    headers: { "content-type": "application/json", origin: `http://localhost:${new URL(service.base).port}` },
    body: JSON.stringify({ email, password }),
  });
}

async function profileRoles(service: Service, signedIn: Response): Promise<unknown> {
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${service.base}/api/profile`, { headers: { cookie } });
  return ((await res.json()) as { user: { roles: string[] } }).user.roles;
}

describe("operator commands while the service runs on the embedded database", () => {
  const email = `running-${randomUUID().slice(0, 8)}@example.com`;
  const password = "typed into a pipe";

  it("creates a user the running service signs in, changes their roles, migrates, and keeps it all after a restart", async () => {
    const service = await startService();
    // The socket only its user may open, and the lock naming the holder.
    expect(statSync(join(dataDirectory, "socket", ".s.PGSQL.5432")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDirectory, "service.lock"), "utf8")).toMatch(
      new RegExp(`^${service.pid}\n${join(dataDirectory, "socket")}\n[0-9a-f-]+:\\d+\n$`),
    );

    const created = await users(
      ["create", "--email", email, "--name", "Running Admin", "--password-stdin", "--role", "ADMIN"],
      `${password}\n`,
    );
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toMatch(new RegExp(`^Created ${email} \\(`));
    const signedIn = await signIn(service, email, password);
    expect(signedIn.status).toBe(200);
    expect(await profileRoles(service, signedIn)).toEqual(["ADMIN"]);

    const setRoles = await users(["set-roles", email, "ADMIN", "MODERATOR"]);
    expect(setRoles).toMatchObject({ code: 0, stdout: `${email} now has roles ADMIN, MODERATOR\n` });
    expect(await profileRoles(service, signedIn)).toEqual(["ADMIN", "MODERATOR"]);

    const migrated = await run("db/migrate-cli.js", [], {});
    expect(migrated).toMatchObject({
      code: 0,
      stdout: "Migrations applied to the pglite database through the running service\n",
    });

    expect(await service.stop()).toBe(0);
    expect(existsSync(join(dataDirectory, "service.lock"))).toBe(false);
    const restarted = await startService();
    try {
      const again = await signIn(restarted, email, password);
      expect(again.status).toBe(200);
      expect(await profileRoles(restarted, again)).toEqual(["ADMIN", "MODERATOR"]);
    } finally {
      await restarted.stop();
    }
  }, 400_000);

  it("refuses a second service on the directory at once, naming the process that holds it", async () => {
    const service = await startService();
    try {
      const second = await startService().then(
        () => "listening",
        (error: Error) => error.message,
      );
      expect(second).toContain(
        `Start-up failed: DataDirectoryInUseError: The embedded database in ${dataDirectory} is in use by process ${service.pid}\n`,
      );
      expect((await fetch(`${service.base}/ready`)).status).toBe(200);
    } finally {
      await service.stop();
    }
  }, 300_000);
});
