import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../test/ports.js";
import type { BenchDatabase } from "./database.js";
import { HOST, REPO_ROOT, type Server, startServer } from "./processes.js";
import type { BaselineId, BenchUser } from "./scenarios.js";

export const PROFILE_DIR = "bench/results/profiles";
/** The service's default pool size (DATABASE_POOL_MAX), given to the baselines' pools too. */
const POOL_MAX = "10";

export interface RunSettings {
  database: BenchDatabase;
  /** BETTER_AUTH_SECRET, shared with the baselines so they can check the cookie's signature. */
  secret: string;
  /** Adds `--cpu-prof` into PROFILE_DIR. */
  profile?: boolean;
  /** `--env` overrides for the service; DATABASE_POOL_MAX also sizes the baselines' pools. */
  serviceEnv?: Record<string, string>;
}

/** Where the database side of a request runs in backends of its own, whose CPU can be read. */
const postgresUrl = (settings: RunSettings) =>
  settings.database.kind === "postgres" ? settings.database.url : undefined;

const profileArgs = (settings: RunSettings) => (settings.profile ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : []);

/**
 * What `npm start` runs, read from package.json so the benchmark measures the service with the
 * memory settings operators get: `NAME=${NAME:-default}` assignments, then `exec node <args>`, where
 * an argument's `${NAME:-default}` takes `overrides[NAME]` (`--env NAME=...`) unless empty, as the shell does.
 */
export function npmStartCommand(overrides: Record<string, string> = {}): {
  env: Record<string, string>;
  nodeArgs: string[];
} {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const match = /^((?:\w+=\$\{\w+:-\S*\} )*)exec node (.+)$/.exec(pkg.scripts.start);
  if (!match)
    throw new Error(
      `package.json's start script is not "NAME=\${NAME:-value} ... exec node <args>": ${pkg.scripts.start}`,
    );
  const env = Object.fromEntries(
    [...match[1]!.matchAll(/(\w+)=\$\{\w+:-(\S*)\}/g)].map(([, name, value]) => [name!, value!]),
  );
  const nodeArgs = match[2]!
    .split(" ")
    .map((arg) =>
      arg.replace(/"?\$\{(\w+):-([^}]*)\}"?/g, (_, name: string, value: string) => overrides[name] || value),
    );
  return { env, nodeArgs };
}

/** The built service as `npm start` runs it, in production mode, on its own port on the loopback. */
export async function startService(settings: RunSettings): Promise<Server> {
  const port = await freePort();
  const start = npmStartCommand(settings.serviceEnv);
  return startServer({
    name: "service",
    args: [...profileArgs(settings), ...start.nodeArgs],
    port,
    databaseUrl: postgresUrl(settings),
    env: {
      ...start.env,
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: settings.secret,
      BETTER_AUTH_URL: `http://${HOST}:${port}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_ENABLED: "false",
      DATABASE_URL: settings.database.url,
      DATABASE_POOL_MAX: POOL_MAX,
      ...settings.serviceEnv,
    },
  });
}

export const baselineNames: Record<BaselineId, (kind: BenchDatabase["kind"]) => string> = {
  "node-http": (kind) => `node:http + ${kind === "pglite" ? "PGlite" : "pg"}`,
  fastify: (kind) => `Fastify + ${kind === "pglite" ? "PGlite" : "pg"}`,
  "express-hello": () => "bare Express 5",
};

export async function startBaseline(id: BaselineId, settings: RunSettings): Promise<Server> {
  return startServer({
    name: `baseline ${id}`,
    args: [...profileArgs(settings), "--import", "tsx", `bench/baselines/${id}.ts`],
    port: await freePort(),
    databaseUrl: postgresUrl(settings),
    env: {
      DATABASE_URL: settings.database.url,
      BETTER_AUTH_SECRET: settings.secret,
      DATABASE_POOL_MAX: settings.serviceEnv?.DATABASE_POOL_MAX ?? POOL_MAX,
    },
  });
}

/** Signs the benchmark's user up through the service's own endpoint and checks the session works. */
export async function signUpBenchUser(service: Server): Promise<BenchUser> {
  const res = await fetch(`${service.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    // better-auth refuses a POST without an Origin it trusts (here the origin of BETTER_AUTH_URL).
    headers: { "content-type": "application/json", origin: service.baseUrl },
    body: JSON.stringify({
      name: "Bench reader",
      email: `bench-reader-${Date.now()}@example.com`,
      password: "bench reader password",
    }),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${body}`);
  const session = res.headers.getSetCookie().find((cookie) => /^(__Secure-)?auth\.session_token=/.test(cookie));
  if (!session) throw new Error(`sign-up set no session cookie: ${res.headers.getSetCookie().join("; ")}`);
  const user: BenchUser = {
    id: (JSON.parse(body) as { user: { id: string } }).user.id,
    cookie: session.split(";")[0]!,
  };

  const check = await fetch(`${service.baseUrl}/api/profile`, { headers: { cookie: user.cookie } });
  if (!check.ok)
    throw new Error(`the session cookie is refused: GET /api/profile answered ${check.status} ${await check.text()}`);
  return user;
}

/** A few private posts of the user's own, so the personalised list really merges them in. */
export async function createOwnPosts(service: Server, user: BenchUser, count: number): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    const res = await fetch(`${service.baseUrl}/api/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({
        title: `Private draft ${i} of the bench reader`,
        content: "Only its author sees this draft in the personalised list. ".repeat(3),
        tags: ["draft"],
        visibility: "private",
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/posts answered ${res.status}: ${await res.text()}`);
  }
}

/** The Cookie header better-auth sets for a session token: `<token>.<base64 HMAC-SHA256>`, URL-encoded. */
export function sessionCookie(name: string, token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Every seeded user's session as a Cookie header, under the cookie name the service gave the bench user. */
export function seededUserCookies(
  settings: RunSettings & { seeded: { sessionTokens: string[] } },
  user: BenchUser,
): string[] {
  const name = user.cookie.slice(0, user.cookie.indexOf("="));
  return settings.seeded.sessionTokens.map((token) => sessionCookie(name, token, settings.secret));
}
