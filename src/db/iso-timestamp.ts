import { sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/**
 * The ISO 8601 form a `Date` would serialise to ("2026-11-23T14:38:06.123Z": milliseconds,
 * truncated as `Date` truncates), built from PostgreSQL's text without making a `Date`. Any other
 * spelling (a session in another time zone, a year past 9999) goes through `Date`.
 */
export function isoFromPostgres(text: string): string {
  // Forty of these per page of posts: checked character by character, since a regular expression's
  // match array was most of what reading a timestamp allocated.
  if (isUtcText(text)) {
    const digits = text.length - 23;
    if (digits >= 3) return `${text.slice(0, 10)}T${text.slice(11, 23)}Z`;
    const millis = digits <= 0 ? "000" : text.slice(20, 20 + digits).padEnd(3, "0");
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
  }
  return new Date(text).toISOString();
}

// PostgreSQL's text for a timestamptz read in a UTC session (the default of PGlite and of most
// servers; both drivers hand drizzle the text): "2026-11-23 14:38:06.123456+00", the fraction
// (1 to 6 digits) present only when not zero.
const SHAPE = "dddd-dd-dd dd:dd:dd";
const DIGIT = 0x64; // "d" in SHAPE

function isUtcText(text: string): boolean {
  const length = text.length;
  if (length !== 22 && (length < 24 || length > 29)) return false;
  for (let i = 0; i < SHAPE.length; i += 1) {
    const code = text.charCodeAt(i);
    if (SHAPE.charCodeAt(i) === DIGIT ? code < 0x30 || code > 0x39 : code !== SHAPE.charCodeAt(i)) return false;
  }
  if (length > 22) {
    if (text.charCodeAt(19) !== 0x2e) return false;
    for (let i = 20; i < length - 3; i += 1) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) return false;
    }
  }
  return text.endsWith("+00");
}

/**
 * A `timestamp with time zone` that reads as its ISO string. For the API's own tables, whose rows
 * go out as JSON as read: a `Date` in a row takes V8's `JSON.stringify` off its fast path (it has
 * a `toJSON`), and twenty posts took 70 µs to serialise instead of 22 µs. better-auth's
 * tables keep `Date`s, which its adapter expects.
 */
export const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => "timestamp with time zone",
  fromDriver: isoFromPostgres,
});

/** created_at and updated_at of the API's own tables, set by the database clock. */
export const isoTimestamps = {
  createdAt: isoTimestamp("created_at")
    .notNull()
    .default(sql`now()`),
  updatedAt: isoTimestamp("updated_at")
    .notNull()
    .default(sql`now()`)
    .$onUpdate(() => sql`now()`),
};
