import { DrizzleQueryError } from "drizzle-orm";

const UNAVAILABLE_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);

// drizzle wraps driver errors (DrizzleQueryError) and keeps the driver's error as `cause`;
// pg and PGlite both expose the SQLSTATE as `code` and the violated constraint as `constraint`.

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

// Five digits or capitals: other errors carry a `code` too (the service's own HttpError
// "service_unavailable", Node's "ERR_..."), which must not pass for a SQLSTATE.
const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDriverCode(code: unknown): code is string {
  return typeof code === "string" && (SQLSTATE.test(code) || UNAVAILABLE_NETWORK_CODES.has(code));
}

function driverErrorOf(error: unknown): DriverError | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const candidate = current as DriverError & { cause?: unknown };
    if (isDriverCode(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE (or Node network code such as ECONNREFUSED) behind an error, if any. */
export function sqlStateOf(error: unknown): string | undefined {
  const code = driverErrorOf(error)?.code;
  return typeof code === "string" ? code : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.code === "23505" && (constraint === undefined || driverError.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.code === "23503" && (constraint === undefined || driverError.constraint === constraint);
}

/**
 * What a write referred to that was deleted while the request ran, told apart by the foreign key
 * it violated: the requestor's own account (deleted with their session) or the post written to.
 */
export type VanishedReference = "requestor" | "post";

const VANISHED_BY_FOREIGN_KEY: Readonly<Record<string, VanishedReference>> = {
  posts_author_id_users_id_fk: "requestor",
  comments_author_id_users_id_fk: "requestor",
  comments_post_id_posts_id_fk: "post",
  notifications_post_id_posts_id_fk: "post",
};

export function vanishedReferenceOf(error: unknown): VanishedReference | undefined {
  const driverError = driverErrorOf(error);
  if (driverError?.code !== "23503" || typeof driverError.constraint !== "string") return undefined;
  return VANISHED_BY_FOREIGN_KEY[driverError.constraint];
}

/**
 * Whether the database could not be reached or dropped the connection: a retry later may work.
 * Covers SQLSTATE class 08 (connection exception), 57P01-57P03 (server shutting down or starting),
 * 57014 (the statement timeout: the server ended the statement, nothing of it was written),
 * network errors, and pg's own timeout and termination errors (also a statement sent on a connection
 * already lost: "not queryable"), which carry no code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = sqlStateOf(error);
  if (code && (code.startsWith("08") || /^57(014|P0[123])$/.test(code) || UNAVAILABLE_NETWORK_CODES.has(code)))
    return true;
  // A statement prepared on this connection before its tables were dropped and created again (a
  // restore): the server refuses it before running anything, and the pool drops the connection,
  // so the next try prepares it anew.
  if (code === "0A000" && /cached plan must not change result type/.test(String(driverErrorOf(error)?.message)))
    return true;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|is not queryable/i.test(
        current.message,
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * SQLSTATE 53100 (disk_full): the database could not extend a file. PostgreSQL says so, and so does
 * PGlite, whose file system passes ENOSPC up as the same error. Nothing of the statement was
 * written, and a retry once space is freed may work.
 */
export function isDiskFull(error: unknown): boolean {
  return sqlStateOf(error) === "53100";
}

/** SQLSTATE class 22 (data exception): a value the database cannot store, i.e. bad input. */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith("22") ?? false;
}

/**
 * Whether an error came from the database or its driver: its message may quote the query's
 * bound parameters (DrizzleQueryError's "params: ..."), so only its name and SQLSTATE are logged.
 */
export function isDatabaseError(error: unknown): boolean {
  if (sqlStateOf(error) !== undefined || isDatabaseUnavailable(error)) return true;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof DrizzleQueryError) return true;
    current = current.cause;
  }
  return false;
}

/** A name that says what failed: DrizzleQueryError keeps the generic "Error" as its `name`. */
export function errorNameOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return error.name === "Error" && error.constructor.name !== "Error" ? error.constructor.name : error.name;
}
