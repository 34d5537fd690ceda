// The client as another repository gets it: `npm pack` in client/, the tarball installed into an
// empty CommonJS project in a temporary folder (its dependencies from the npm registry), and
// client/README.md's Node snippet type-checked and run there against the running app.
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./harness.js";
import { poll } from "./poll.js";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..");
const BIN = join(ROOT, "node_modules", ".bin");
const INSTALL_TIMEOUT_MS = 600_000;

// The snippet's Origin, which the service must trust.
const t = useTestApp({ CORS_ORIGINS: "http://localhost:3000" });
const scratch = mkdtempSync(join(tmpdir(), "posts-api-client-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const apiUrl = () => `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;

/** The code block that follows a heading of client/README.md. */
function snippetUnder(heading: string): string {
  const readme = readFileSync(join(ROOT, "client", "README.md"), "utf8");
  const section = readme.slice(readme.indexOf(`## ${heading}`));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error(`no ts block under "${heading}"`);
  return match[1];
}

beforeAll(async () => {
  if (!t.server.listening) await once(t.server, "listening");
  const env = { ...process.env, PATH: `${BIN}:${process.env.PATH}` };
  await run("npm", ["pack", "--pack-destination", scratch], { cwd: join(ROOT, "client"), env });
  const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"));
  expect(tarball).toBeDefined();
  // No "type": "module": the snippet must run in a CommonJS project too.
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true }));
  await run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      `./${tarball}`,
      "fetch-cookie@^3.2.0",
      "tough-cookie@^6.1.0",
      "eventsource@^5",
    ],
    { cwd: scratch, env, timeout: INSTALL_TIMEOUT_MS },
  );
  writeFileSync(join(scratch, "try.ts"), snippetUnder("In Node"));
  writeFileSync(join(scratch, "stream.ts"), snippetUnder("The live stream in Node"));
}, INSTALL_TIMEOUT_MS + 60_000);

describe("the client package, installed from its tarball", () => {
  it("is the snippet the repository's frontend guide shows", () => {
    expect(readFileSync(join(ROOT, "docs", "frontend.md"), "utf8")).toContain(snippetUnder("In Node"));
  });

  it("type-checks the README's Node snippets against the package's declarations", async () => {
    const typeRoots = join(ROOT, "node_modules", "@types");
    const { stdout } = await run(
      join(BIN, "tsc"),
      [
        "--noEmit",
        "--strict",
        "--module",
        "nodenext",
        "--skipLibCheck",
        "--typeRoots",
        typeRoots,
        "--types",
        "node",
        "try.ts",
      ],
      { cwd: scratch },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(stdout).toBe("");
  }, 120_000);

  it("runs the README's Node snippet against the running app", async () => {
    const { stdout, stderr } = await run(join(BIN, "tsx"), ["try.ts"], {
      cwd: scratch,
      env: { ...process.env, API_URL: apiUrl(), API_ORIGIN: "http://localhost:3000" },
    });
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^1 \[ 'Hello world' \] [0-9a-f-]{36}\n$/);
  });

  it("runs the README's stream snippet: signed in, the stream opens", async () => {
    // The snippet signs in as the user the Node snippet signs up, whichever test ran first.
    const signUp = await t.http
      .post("/api/auth/sign-up/email")
      .send({ name: "Bea", email: "bea@example.com", password: "correct horse" });
    expect([200, 422]).toContain(signUp.status);
    const child = spawn(join(BIN, "tsx"), ["stream.ts"], {
      cwd: scratch,
      env: { ...process.env, API_URL: apiUrl(), API_ORIGIN: "http://localhost:3000" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await poll(
        () => output,
        (text) => text.includes("listening") || child.exitCode !== null,
        { withinMs: 30_000 },
      );
      expect(output).toBe("listening\n");
    } finally {
      child.kill();
    }
  });
});
