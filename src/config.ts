import * as z from "zod";
import { ROLES, type Role } from "./roles.js";

const DEV_SECRET = "development-only-secret-never-use-in-production-0000";
/** The database's defaults, also taken by a database opened without a configuration (tests, tools). */
export const DATABASE_DEFAULTS = { poolMax: 10, connectTimeoutMs: 3000, replicaTimeoutMs: 1000 } as const;

const DEV_CORS_ORIGINS = "http://localhost:3000,http://localhost:5173";
const DEFAULT_EMAIL_FROM = "posts-api <no-reply@localhost>";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

// Each variable's schema with what the configuration reference (docs/configuration.md) and
// .env.example say of it: `npm run config:docs` writes both from here and CI checks they match.
// `shownDefault` is the default a reader sees where this file computes it after parsing.
const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"])
    .default("development")
    .meta({ description: "`development`, `production` or `test`" }),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta({ description: "the port the API listens on" }),
  HOST: z.string().min(1).default("0.0.0.0").meta({ description: "the address the API listens on" }),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql):\/\/|^pglite:.+/, "must start with postgres://, postgresql:// or pglite:")
    .default("pglite:.data/pglite")
    .meta({
      description:
        "`postgres://user:pass@host:5432/db` a PostgreSQL server; `pglite:<dir>` an embedded database persisted in `<dir>`; `pglite:memory` one that lives as long as the process",
    }),
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DATABASE_DEFAULTS.poolMax)
    .meta({ description: "connections in the pool (PostgreSQL server only)" }),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(DATABASE_DEFAULTS.connectTimeoutMs)
    .meta({ description: "how long a request waits for a database connection before a 503" }),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10000)
    .meta({ description: "how long a request may hold a database connection for its query before a 503" }),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0).meta({
    description:
      "after SIGTERM, how long `/ready` answers 503 while requests are still served, before the port closes; behind a load balancer, longer than its health check takes to mark the instance down",
  }),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(60_000).meta({
    description:
      "the longest a session read is reused without reading it again (0 to 60000; 0: read it on every request); a committed sign-out, role change or deletion forgets it sooner, on every instance",
  }),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional().meta({
    description:
      "signs cookies and cursors; required in production, 32 characters or more (`openssl rand -base64 32`). The development one is public, and sign-up, sign-in and get-session return the session token in their body: with that secret the bare token is a working credential, so keep a service on it reachable by you alone",
    shownDefault: "development: a fixed secret, with a warning",
  }),
  BACKUP_SIGNING_KEY: z.string().min(32, "must be at least 32 characters").optional().meta({
    description:
      "signs backups (HMAC-SHA256) and checks them on restore: a file edited and its checksum recomputed, or unsigned, is refused; 32 characters or more (`openssl rand -base64 32`), kept apart from the backups ([operations.md](operations.md#backup-and-restore))",
    shownDefault: "none: backups unsigned, their checksum catches accidents only",
  }),
  BETTER_AUTH_URL: z.url().optional().meta({
    description: "public base URL of the service; also a trusted origin",
    shownDefault: "http://localhost:$PORT",
  }),
  CORS_ORIGINS: z
    .string()
    .optional()
    .meta({
      description: "comma-separated origins allowed to call the API with credentials",
      shownDefault: `development: ${DEV_CORS_ORIGINS}; otherwise none`,
    }),
  DEV_MODE_ADMIN_KEY: z.string().optional().meta({
    description:
      "the development admin key: `?adminKey=<key>` elevates a signed-in session to ADMIN for one request; honoured only with NODE_ENV=development and 16 characters or more",
  }),
  REQUIRE_TWO_FACTOR_ROLES: z
    .string()
    .transform((value) => splitList(value))
    .pipe(z.array(z.enum(ROLES, { error: `must list roles among ${ROLES.join(", ")}` })))
    .optional()
    .meta({
      description:
        "comma-separated roles (e.g. `ADMIN`) whose holders get 403 `two_factor_required` on the routes that need the role until they enrol in two-factor sign-in ([accounts.md](accounts.md))",
    }),
  LOG_LEVEL: z.enum(["error", "warn", "info", "http", "verbose", "debug", "silly"]).optional().meta({
    description: "winston level: `error`, `warn`, `info`, `http`, `verbose`, `debug` or `silly`",
    shownDefault: "`debug` in development, `http` otherwise",
  }),
  TRUST_PROXY: z.string().optional().meta({
    description:
      "Express `trust proxy`: `true`, a hop count, or the addresses/subnets of your load balancer (client address and scheme behind it)",
  }),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(10).meta({
    description:
      "requests a minute per client address on the credential routes together: those that check a password, cost a password hash, mail a link or run a passkey ceremony (sign-up, sign-in, user creation, password change and reset, email change and verification, passkeys, account deletion); and 3 reset or verification mails an hour per address",
  }),
  RATE_LIMIT_GLOBAL: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .meta({ description: "requests a minute per client address on everything else" }),
  RATE_LIMIT_ENABLED: booleanFlag
    .optional()
    .meta({ description: "turns every limiter on or off", shownDefault: "`true` in production only" }),
  REDIS_URL: z.url().optional().meta({
    description:
      "shares rate-limit counters between instances; while Redis is unreachable each instance counts alone (one warning) until it answers again",
  }),
  DATABASE_REPLICA_URLS: z.string().optional().meta({
    description:
      "comma-separated read replicas of the PostgreSQL `DATABASE_URL`: reads that may be stale go there, writes and a writer's own reads to the primary ([scaling-out.md](scaling-out.md))",
  }),
  DATABASE_REPLICA_STICKY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(5000)
    .meta({ description: "how long after a write a session's reads stay on the primary (0 to 600000)" }),
  DATABASE_REPLICA_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(DATABASE_DEFAULTS.replicaTimeoutMs)
    .meta({
      description:
        "how long a read or a connection waits for a replica before the primary answers instead; the replica is then left alone until its next check passes (50 to 60000)",
    }),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000).meta({
    description:
      "how far a read replica's replay may fall behind the primary before its reads go to the primary; it is used again once within half of it (100 to 3600000)",
  }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]/, "must start with smtp:// (STARTTLS) or smtps:// (TLS) and name a host")
    .optional()
    .meta({
      description:
        "the SMTP server for password-reset, verification and email-change mail: `smtp://user:pass@host:587` (STARTTLS required) or `smtps://user:pass@host:465`. Unset: development writes each mail, link included, to the log; elsewhere those endpoints answer 503 `mail_unavailable` ([operations.md](operations.md#mail))",
    }),
  EMAIL_FROM: z.string().min(3).optional().meta({
    description: "the From of every mail; required with `SMTP_URL` in production",
    shownDefault: DEFAULT_EMAIL_FROM,
  }),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false).meta({
    description:
      "`true`: sign-in is refused (403 `EMAIL_NOT_VERIFIED`, and a fresh link is mailed) until the address is verified, and sign-up signs nobody in and answers alike for new and taken addresses; needs mail",
  }),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().meta({
    description:
      "serves Prometheus metrics at `/metrics` on this port, apart from the API's (unset: no metrics listener, and prom-client is not loaded); [operations.md](operations.md#metrics)",
  }),
  METRICS_HOST: z.string().min(1).default("127.0.0.1").meta({
    description: "the metrics listener's address; `0.0.0.0` for a Prometheus on another host or container",
  }),
  OIDC_ISSUER: z.url().optional().meta({
    description:
      "sign-in through this OpenID Connect provider (its exact issuer URL); set with the two below or not at all; unset: none of it is served ([accounts.md](accounts.md))",
  }),
  OIDC_CLIENT_ID: z.string().min(1).optional().meta({ description: "the service's client id at that provider" }),
  OIDC_CLIENT_SECRET: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "the client's secret at that provider (never logged)" }),
  OIDC_DISPLAY_NAME: z
    .string()
    .min(1)
    .max(100)
    .default("Single sign-on")
    .meta({ description: "the name better-auth gives the provider" }),
});

/** The environment's schema, for the configuration reference's generator. */
export const configVariables = envSchema.shape;

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
  /** The key backups are signed and checked with; undefined: unsigned. */
  readonly backupSigningKey: string | undefined;
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
  /** Read replicas of the PostgreSQL primary, how long a session that wrote keeps reading from the primary, and how long a read waits for a replica, and how far behind one may fall. */
  readonly databaseReplicas: {
    readonly urls: readonly string[];
    readonly stickyMs: number;
    readonly timeoutMs: number;
    readonly maxLagMs: number;
  };
  readonly mail: MailConfig;
  /** Where Prometheus scrapes `/metrics` (METRICS_PORT); undefined: no metrics, and prom-client is never loaded. */
  readonly metrics: { readonly port: number; readonly host: string } | undefined;
  /** Sign-in through an OpenID Connect provider; undefined: none is configured and none of it is served. */
  readonly oidc: OidcConfig | undefined;
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

export interface OidcConfig {
  /** Exactly as the provider names itself in its discovery document. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly displayName: string;
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
    backupSigningKey: env.BACKUP_SIGNING_KEY,
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
      maxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
    }),
    mail,
    metrics: metricsListener(env),
    oidc: oidcConfig(env),
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
    from: env.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
  });
}

// An empty assignment in .env (`REDIS_URL=`) means "unset", not "set to the empty string".
function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
}

function oidcConfig(env: Env): Config["oidc"] {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (issuer === undefined && clientId === undefined && clientSecret === undefined) return undefined;
  if (issuer === undefined || clientId === undefined || clientSecret === undefined)
    throw new ConfigError(
      "Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all",
    );
  return Object.freeze({ issuer, clientId, clientSecret, displayName: env.OIDC_DISPLAY_NAME });
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
