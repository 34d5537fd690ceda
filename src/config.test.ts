import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { builtProgram } from "../test/service-process.js";
import { ConfigError, loadConfig } from "./config.js";

const SECRET = "a-production-secret-of-at-least-32-characters";
const KEY_16 = "0123456789abcdef";

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("runs in development on port 3000 with embedded PostgreSQL and the development origins", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      isDevelopment: true,
      isProduction: false,
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: "pglite:.data/pglite",
      databasePoolMax: 10,
      sessionCacheMs: 60000,
      authUrl: "http://localhost:3000",
      corsOrigins: ["http://localhost:3000", "http://localhost:5173"],
      devAdminKey: undefined,
      logLevel: "debug",
      trustProxy: undefined,
      rateLimit: { enabled: false, auth: 10, global: 600 },
      redisUrl: undefined,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("uses a fixed development secret of at least 32 characters, with a warning", () => {
    const config = loadConfig({});
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.warnings).toEqual([expect.stringContaining("BETTER_AUTH_SECRET")]);
  });

  it("derives the public URL from PORT", () => {
    expect(loadConfig({ PORT: "4000" }).authUrl).toBe("http://localhost:4000");
    expect(loadConfig({ PORT: "4000", BETTER_AUTH_URL: "https://api.example.com" }).authUrl).toBe(
      "https://api.example.com",
    );
  });

  it("allows no origin, logs at http and does not rate-limit in test mode", () => {
    expect(loadConfig({ NODE_ENV: "test" })).toMatchObject({
      corsOrigins: [],
      logLevel: "http",
      rateLimit: { enabled: false },
    });
  });

  it("allows no origin, logs at http and rate-limits in production", () => {
    const config = loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      isProduction: true,
      authSecret: SECRET,
      corsOrigins: [],
      logLevel: "http",
      rateLimit: { enabled: true, auth: 10, global: 600 },
    });
    expect(config.warnings).toEqual([
      "SMTP_URL is not set: password reset, email verification and email change answer 503",
    ]);
  });

  it("treats an empty value as unset", () => {
    expect(loadConfig({ PORT: "", REDIS_URL: "", NODE_ENV: "" })).toMatchObject({
      port: 3000,
      redisUrl: undefined,
      env: "development",
    });
  });
});

describe("loadConfig settings", () => {
  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgresql://app@db:5432/app",
      DATABASE_POOL_MAX: "25",
      SESSION_CACHE_MS: "0",
      BETTER_AUTH_SECRET: SECRET,
      BETTER_AUTH_URL: "https://api.example.com",
      CORS_ORIGINS: "https://app.example.com, https://admin.example.com,,",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      RATE_LIMIT_AUTH: "5",
      RATE_LIMIT_GLOBAL: "100",
      RATE_LIMIT_ENABLED: "false",
      REDIS_URL: "redis://cache:6379",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgresql://app@db:5432/app",
      databasePoolMax: 25,
      sessionCacheMs: 0,
      authUrl: "https://api.example.com",
      corsOrigins: ["https://app.example.com", "https://admin.example.com"],
      logLevel: "warn",
      trustProxy: 1,
      rateLimit: { enabled: false, auth: 5, global: 100 },
      redisUrl: "redis://cache:6379",
    });
  });

  it("replaces the development origins with CORS_ORIGINS", () => {
    expect(loadConfig({ CORS_ORIGINS: "http://one.example" }).corsOrigins).toEqual(["http://one.example"]);
  });

  it("accepts every database URL form the README lists", () => {
    for (const url of ["postgres://u@h/db", "postgresql://u@h/db", "pglite:memory", "pglite:/var/lib/app"]) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it("parses TRUST_PROXY as Express takes it", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
  });

  it("turns rate limits on or off with RATE_LIMIT_ENABLED", () => {
    expect(loadConfig({ RATE_LIMIT_ENABLED: "true" }).rateLimit.enabled).toBe(true);
    expect(loadConfig({ RATE_LIMIT_ENABLED: "1" }).rateLimit.enabled).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, RATE_LIMIT_ENABLED: "0" }).rateLimit.enabled,
    ).toBe(false);
  });
});

describe("loadConfig refusals", () => {
  const bad: [string, string][] = [
    ["NODE_ENV", "staging"],
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["DATABASE_URL", "mysql://u@h/db"],
    ["DATABASE_URL", "pglite:"],
    ["DATABASE_POOL_MAX", "0"],
    ["SESSION_CACHE_MS", "-1"],
    ["SESSION_CACHE_MS", "60001"],
    ["BETTER_AUTH_SECRET", "too-short"],
    ["BETTER_AUTH_URL", "not a url"],
    ["LOG_LEVEL", "loud"],
    ["RATE_LIMIT_AUTH", "0"],
    ["RATE_LIMIT_GLOBAL", "many"],
    ["RATE_LIMIT_ENABLED", "yes"],
    ["REDIS_URL", "cache"],
    ["SMTP_URL", "mail.example.com:587"],
    ["SMTP_URL", "http://mail.example.com"],
    ["REQUIRE_EMAIL_VERIFICATION", "yes"],
    ["METRICS_PORT", "0"],
    ["METRICS_PORT", "nine"],
    ["OIDC_ISSUER", "idp.example.com"],
  ];
  for (const [name, value] of bad) {
    it(`names ${name} when it is ${JSON.stringify(value)}, in one line`, () => {
      const message = configError({ [name]: value });
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}\\b`));
      expect(message).not.toContain("\n");
    });
  }

  it("serves metrics only when METRICS_PORT is set, and on another port than the API's", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({
      port: 9464,
      host: "0.0.0.0",
    });
    expect(configError({ PORT: "9464", METRICS_PORT: "9464" })).toBe(
      "Invalid configuration: METRICS_PORT must differ from PORT (the API's port serves no metrics)",
    );
  });

  it("configures an OpenID Connect provider only from all three of its settings", () => {
    const provider = {
      OIDC_ISSUER: "https://idp.example.com",
      OIDC_CLIENT_ID: "posts-api",
      OIDC_CLIENT_SECRET: "s3cret",
    };
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig(provider).oidc).toEqual({
      issuer: "https://idp.example.com",
      clientId: "posts-api",
      clientSecret: "s3cret",
      displayName: "Single sign-on",
    });
    expect(configError({ ...provider, OIDC_CLIENT_SECRET: "" })).toBe(
      "Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all",
    );
  });

  it("requires BETTER_AUTH_SECRET in production", () => {
    expect(configError({ NODE_ENV: "production" })).toBe(
      "Invalid configuration: BETTER_AUTH_SECRET is required in production",
    );
    expect(configError({ NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(31) })).toMatch(
      /^Invalid configuration: BETTER_AUTH_SECRET must be at least 32 characters$/,
    );
    expect(loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(32) }).authSecret).toBe("x".repeat(32));
  });
});

describe("DEV_MODE_ADMIN_KEY", () => {
  it("is honoured in development from 16 characters", () => {
    const config = loadConfig({ NODE_ENV: "development", DEV_MODE_ADMIN_KEY: KEY_16 });
    expect(config.devAdminKey).toBe(KEY_16);
    expect(config.warnings.filter((w) => w.includes("DEV_MODE_ADMIN_KEY"))).toEqual([]);
  });

  it("is ignored with a warning when shorter than 16 characters", () => {
    const config = loadConfig({ NODE_ENV: "development", DEV_MODE_ADMIN_KEY: KEY_16.slice(1) });
    expect(config.devAdminKey).toBeUndefined();
    expect(config.warnings).toContainEqual(expect.stringMatching(/DEV_MODE_ADMIN_KEY.*16/));
  });

  it("is ignored with a warning outside development", () => {
    for (const env of [{ NODE_ENV: "test" }, { NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET }]) {
      const config = loadConfig({ ...env, DEV_MODE_ADMIN_KEY: `${KEY_16}-long-enough` });
      expect(config.devAdminKey, env.NODE_ENV).toBeUndefined();
      expect(config.warnings).toContainEqual(expect.stringMatching(/DEV_MODE_ADMIN_KEY.*development/));
    }
  });

  it("never appears in a warning", () => {
    const key = `${KEY_16}-secret-value`;
    for (const NODE_ENV of ["test", "development"]) {
      expect(loadConfig({ NODE_ENV, DEV_MODE_ADMIN_KEY: key }).warnings.join(" ")).not.toContain(key);
    }
  });
});

describe("start-up with a bad configuration", () => {
  // The program `npm start` runs: the built dist/main.js, which the test run's global set-up builds.
  const main = builtProgram("main.js");
  // An empty working directory: no .env there, and nothing is written if the check failed to stop it.
  const cwd = mkdtempSync(join(tmpdir(), "posts-api-config-"));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  async function start(env: Record<string, string>) {
    const run = promisify(execFile)(process.execPath, ["--enable-source-maps", main], {
      cwd,
      env: { PATH: process.env.PATH, DATABASE_URL: "pglite:memory", ...env },
      timeout: 20_000,
    });
    return run.then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  }

  it("exits 1 before listening, with one line naming the variable", async () => {
    const result = await start({ PORT: "not-a-port" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
    expect(result.stdout).not.toContain("Listening");
  });

  // Production's log is JSON lines for a collector; a failure before the logger exists is one too.
  const jsonLines = (text: string) =>
    text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);

  it("exits 1 in production without BETTER_AUTH_SECRET, saying so in a JSON line", async () => {
    const result = await start({ NODE_ENV: "production" });
    expect(result.code).toBe(1);
    expect(jsonLines(result.stderr)).toEqual([
      {
        level: "error",
        message: "Invalid configuration: BETTER_AUTH_SECRET is required in production",
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it("exits 1 in production when the database cannot be reached, saying why in a JSON line", async () => {
    const result = await start({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
    });
    expect(result.code).toBe(1);
    expect(jsonLines(result.stderr)).toEqual([
      {
        level: "error",
        message: "Start-up failed: Error: connect ECONNREFUSED 127.0.0.1:1",
        timestamp: expect.any(String),
      },
    ]);
  });
});

describe("read replica settings", () => {
  const primary = "postgres://app@db-primary:5432/posts";

  it("reads a comma-separated list of replicas, a 5 s window, a 1 s read deadline and 5 s of lag by default", () => {
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: "postgres://app@r1/posts, postgresql://app@r2/posts",
    });
    expect(config.databaseReplicas).toEqual({
      urls: ["postgres://app@r1/posts", "postgresql://app@r2/posts"],
      stickyMs: 5000,
      timeoutMs: 1000,
      maxLagMs: 5000,
    });
    expect(loadConfig({}).databaseReplicas).toEqual({ urls: [], stickyMs: 5000, timeoutMs: 1000, maxLagMs: 5000 });
    expect(loadConfig({ DATABASE_REPLICA_TIMEOUT_MS: "250" }).databaseReplicas.timeoutMs).toBe(250);
  });

  it("refuses a replica that is not a PostgreSQL URL, and replicas of an embedded database", () => {
    expect(configError({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: "redis://r1" })).toBe(
      "Invalid configuration: DATABASE_REPLICA_URLS each must start with postgres:// or postgresql://",
    );
    expect(configError({ DATABASE_REPLICA_URLS: "postgres://app@r1/posts" })).toBe(
      "Invalid configuration: DATABASE_REPLICA_URLS needs a PostgreSQL DATABASE_URL (postgres://)",
    );
    expect(configError({ DATABASE_URL: primary, DATABASE_REPLICA_STICKY_MS: "-1" })).toMatch(
      /^Invalid configuration: DATABASE_REPLICA_STICKY_MS /,
    );
  });
});

describe("mail settings", () => {
  it("writes mail to the log in development, and sends none elsewhere, without SMTP_URL", () => {
    expect(loadConfig({}).mail).toEqual({
      transport: "log",
      smtpUrl: undefined,
      from: "posts-api <no-reply@localhost>",
      requireEmailVerification: false,
    });
    expect(loadConfig({ NODE_ENV: "test" }).mail.transport).toBe("off");
  });

  it("sends over SMTP with SMTP_URL, from EMAIL_FROM", () => {
    const env = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: SECRET,
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      EMAIL_FROM: "Posts <no-reply@example.com>",
      REQUIRE_EMAIL_VERIFICATION: "true",
    };
    const config = loadConfig(env);
    expect(config.mail).toEqual({
      transport: "smtp",
      smtpUrl: env.SMTP_URL,
      from: env.EMAIL_FROM,
      requireEmailVerification: true,
    });
    expect(config.warnings).toEqual([]);
  });

  it("requires EMAIL_FROM with SMTP_URL in production", () => {
    expect(
      configError({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, SMTP_URL: "smtp://smtp.example.com:587" }),
    ).toBe("Invalid configuration: EMAIL_FROM is required with SMTP_URL in production");
  });

  it("refuses REQUIRE_EMAIL_VERIFICATION where no mail can be sent", () => {
    expect(configError({ NODE_ENV: "test", REQUIRE_EMAIL_VERIFICATION: "true" })).toBe(
      "Invalid configuration: REQUIRE_EMAIL_VERIFICATION needs SMTP_URL (no one could verify)",
    );
  });
});
