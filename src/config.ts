import * as z from "zod";
import { ROLES, type Role } from "./auth/roles.js";

const DEV_SECRET = "development-only-secret-never-use-in-production-0000";
const DEV_CORS_ORIGINS = "http://localhost:3000,http://localhost:5173";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql):\/\/|^pglite:.+/, "must start with postgres://, postgresql:// or pglite:")
    .default("pglite:.data/pglite"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(60_000),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BETTER_AUTH_URL: z.url().optional(),
  CORS_ORIGINS: z.string().optional(),
  DEV_MODE_ADMIN_KEY: z.string().optional(),
  REQUIRE_TWO_FACTOR_ROLES: z
    .string()
    .transform((value) => splitList(value))
    .pipe(z.array(z.enum(ROLES, { error: `must list roles among ${ROLES.join(", ")}` })))
    .optional(),
  LOG_LEVEL: z.enum(["error", "warn", "info", "http", "verbose", "debug", "silly"]).optional(),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ENABLED: booleanFlag.optional(),
  REDIS_URL: z.url().optional(),
  DATABASE_REPLICA_URLS: z.string().optional(),
  DATABASE_REPLICA_STICKY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DATABASE_REPLICA_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]/, "must start with smtp:// (STARTTLS) or smtps:// (TLS) and name a host")
    .optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  readonly env: Env["NODE_ENV"];
  readonly isDevelopment: boolean;
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly databasePoolMax: number;
  /** How long a request waits for a database connection (new or from the pool) before a 503. */
  readonly databaseConnectTimeoutMs: number;
  /** How long a request may hold a database connection before it is dropped and a 503 (a network that drops packets never errors). */
  readonly databaseQueryTimeoutMs: number;
  /** After SIGTERM, how long to go on serving with /ready failing, so a balancer stops routing here first. */
  readonly shutdownDelayMs: number;
  /** The longest a session read is reused without reading it again (0: never); a committed change to it or its user forgets it sooner, on every instance. */
  readonly sessionCacheMs: number;
  readonly authSecret: string;
  readonly authUrl: string;
  readonly corsOrigins: readonly string[];
  /** Set only when it may be honoured: development mode and at least 16 characters. */
  readonly devAdminKey: string | undefined;
  /** Roles whose holders must have two-factor sign-in before the routes that need the role admit them. */
  readonly requireTwoFactorRoles: readonly Role[];
  readonly logLevel: string;
  readonly trustProxy: boolean | number | string | undefined;
  readonly rateLimit: { readonly enabled: boolean; readonly auth: number; readonly global: number };
  readonly redisUrl: string | undefined;
  /** Read replicas of the PostgreSQL primary, how long a session that wrote keeps reading from the primary, and how long a read waits for a replica. */
  readonly databaseReplicas: {
    readonly urls: readonly string[];
    readonly stickyMs: number;
    readonly timeoutMs: number;
  };
  readonly mail: MailConfig;
  /** Where Prometheus scrapes `/metrics` (METRICS_PORT); undefined: no metrics, and prom-client is never loaded. */
  readonly metrics: { readonly port: number; readonly host: string } | undefined;
  /** Start-up remarks (insecure defaults, ignored settings) for main.ts to log once a logger exists. */
  readonly warnings: readonly string[];
}

/**
 * How mail leaves: over SMTP; written to the log (development without SMTP_URL, as a console
 * backend does); or not at all (elsewhere without SMTP_URL), when the endpoints that send mail answer 503.
 */
export interface MailConfig {
  readonly transport: "smtp" | "log" | "off";
  readonly smtpUrl: string | undefined;
  readonly from: string;
  /** Sign-in refused until the address is verified. */
  readonly requireEmailVerification: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; throws ConfigError with one line naming the variable at fault. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyValues(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const env = parsed.data;
  const isDevelopment = env.NODE_ENV === "development";
  const isProduction = env.NODE_ENV === "production";
  const warnings: string[] = [];

  let authSecret = env.BETTER_AUTH_SECRET;
  if (!authSecret) {
    if (isProduction) throw new ConfigError("Invalid configuration: BETTER_AUTH_SECRET is required in production");
    authSecret = DEV_SECRET;
    warnings.push("BETTER_AUTH_SECRET is not set: using the fixed development secret");
  }

  let devAdminKey: string | undefined;
  if (env.DEV_MODE_ADMIN_KEY !== undefined) {
    if (!isDevelopment) warnings.push("DEV_MODE_ADMIN_KEY is ignored outside NODE_ENV=development");
    else if (env.DEV_MODE_ADMIN_KEY.length < 16)
      warnings.push("DEV_MODE_ADMIN_KEY is ignored: shorter than 16 characters");
    else devAdminKey = env.DEV_MODE_ADMIN_KEY;
  }

  const mail = mailConfig(env, warnings);

  return Object.freeze({
    env: env.NODE_ENV,
    isDevelopment,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    databaseQueryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    sessionCacheMs: env.SESSION_CACHE_MS,
    authSecret,
    authUrl: env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`,
    corsOrigins: Object.freeze(splitList(env.CORS_ORIGINS ?? (isDevelopment ? DEV_CORS_ORIGINS : ""))),
    devAdminKey,
    requireTwoFactorRoles: Object.freeze(env.REQUIRE_TWO_FACTOR_ROLES ?? []),
    logLevel: env.LOG_LEVEL ?? (isDevelopment ? "debug" : "http"),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: Object.freeze({
      enabled: env.RATE_LIMIT_ENABLED ?? isProduction,
      auth: env.RATE_LIMIT_AUTH,
      global: env.RATE_LIMIT_GLOBAL,
    }),
    redisUrl: env.REDIS_URL,
    databaseReplicas: Object.freeze({
      urls: Object.freeze(replicaUrls(env)),
      stickyMs: env.DATABASE_REPLICA_STICKY_MS,
      timeoutMs: env.DATABASE_REPLICA_TIMEOUT_MS,
    }),
    mail,
    metrics: metricsListener(env),
    warnings: Object.freeze(warnings),
  });
}

function mailConfig(env: Env, warnings: string[]): MailConfig {
  const production = env.NODE_ENV === "production";
  if (production && env.SMTP_URL && !env.EMAIL_FROM)
    throw new ConfigError("Invalid configuration: EMAIL_FROM is required with SMTP_URL in production");
  const transport = env.SMTP_URL ? "smtp" : env.NODE_ENV === "development" ? "log" : "off";
  if (transport === "off" && env.REQUIRE_EMAIL_VERIFICATION)
    throw new ConfigError("Invalid configuration: REQUIRE_EMAIL_VERIFICATION needs SMTP_URL (no one could verify)");
  if (transport === "off" && production)
    warnings.push("SMTP_URL is not set: password reset, email verification and email change answer 503");
  return Object.freeze({
    transport,
    smtpUrl: env.SMTP_URL,
    from: env.EMAIL_FROM ?? "posts-api <no-reply@localhost>",
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
  });
}

// An empty assignment in .env (`REDIS_URL=`) means "unset", not "set to the empty string".
function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
}

function metricsListener(env: Env): Config["metrics"] {
  if (env.METRICS_PORT === undefined) return undefined;
  if (env.METRICS_PORT === env.PORT)
    throw new ConfigError(
      "Invalid configuration: METRICS_PORT must differ from PORT (the API's port serves no metrics)",
    );
  return Object.freeze({ port: env.METRICS_PORT, host: env.METRICS_HOST });
}

function replicaUrls(env: Env): string[] {
  const urls = splitList(env.DATABASE_REPLICA_URLS ?? "");
  if (urls.length > 0 && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    throw new ConfigError("Invalid configuration: DATABASE_REPLICA_URLS needs a PostgreSQL DATABASE_URL (postgres://)");
  }
  const invalid = urls.find((url) => !/^postgres(ql)?:\/\/./.test(url));
  if (invalid !== undefined)
    throw new ConfigError(
      "Invalid configuration: DATABASE_REPLICA_URLS each must start with postgres:// or postgresql://",
    );
  return urls;
}

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

// Express accepts a boolean, a hop count or a list of addresses/subnets.
function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
