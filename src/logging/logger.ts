import winston from "winston";
import type { Config } from "../config.js";
import { currentRequestContext } from "./request-id.js";

export type Logger = winston.Logger;

// Every line written while a request is handled names it (and its trace), without the ids being passed around.
const withRequestId = winston.format((info) => {
  const context = currentRequestContext();
  if (context === undefined) return info;
  if (info.requestId === undefined) info.requestId = context.requestId;
  if (context.traceId !== undefined && info.traceId === undefined) info.traceId = context.traceId;
  return info;
});

/**
 * Production writes JSON lines for a log collector; elsewhere one readable line per event.
 * Tests pass their own transport to read what was logged.
 */
export function createLogger(config: Pick<Config, "logLevel" | "isProduction">, transport?: winston.transport): Logger {
  const format = config.isProduction
    ? winston.format.combine(withRequestId(), winston.format.timestamp(), winston.format.json())
    : winston.format.combine(
        withRequestId(),
        winston.format.timestamp(),
        winston.format.printf(({ timestamp, level, message, ...meta }) => {
          const rest = Object.keys(meta).length ? ` ${JSON.stringify(meta)}` : "";
          return `${String(timestamp)} ${level}: ${escapeControlCharacters(String(message))}${escapeControlCharacters(rest)}`;
        }),
      );
  return winston.createLogger({
    level: config.logLevel,
    format,
    transports: [transport ?? new winston.transports.Console()],
  });
}

/**
 * Writes a failure that stops the process before the logger exists (a bad configuration, a database
 * that cannot be reached at start-up), in the log's own format: a JSON line in production. Written
 * at once, not through winston's streams, since the process exits right after.
 */
export function writeStartupFailure(message: string, env: NodeJS.ProcessEnv = process.env): void {
  const line =
    env.NODE_ENV === "production"
      ? JSON.stringify({ level: "error", message, timestamp: new Date().toISOString() })
      : escapeControlCharacters(message);
  process.stderr.write(`${line}\n`);
}

// C0 and C1 controls, DEL and the Unicode line and paragraph separators: whatever could end a
// line, or move a terminal's cursor, in the text log.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A value from a request (a query parameter quoted in an error message, say) would otherwise
 * start a line of its own in the text log, forging an entry. JSON lines escape them already
 * (JSON.stringify writes \n as `\\n`), and this leaves them valid JSON.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(
    CONTROL_CHARACTER,
    (character) => SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const SECRET_PARAM = /^(adminkey|.*token.*|.*secret.*|password|code)$/i;

// better-auth's password-reset link carries its token as a path segment, not a query parameter.
const TOKEN_IN_PATH = /(\/reset-password\/+)[^/?#]+/gi;

/**
 * A URL safe to log: the value of the adminKey and of any token-like query parameter is replaced,
 * and so is a token in the path. The path is logged as routers read it, dot segments and
 * backslashes resolved: "/reset-password/./<token>" reaches the reset link's endpoint, and would
 * otherwise hide its token from the pattern behind the "." segment.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const path = normalisedPath(queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    TOKEN_IN_PATH,
    "$1[redacted]",
  );
  if (queryStart === -1) return path;
  const redacted = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(safeDecode(name)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${redacted}`;
}

/** A path with its dot segments (also "%2e") resolved and backslashes read as slashes, as a URL parser reads it. */
function normalisedPath(path: string): string {
  if (!path.startsWith("/")) return path;
  try {
    return new URL(`http://service.invalid${path}`).pathname;
  } catch {
    return path;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
