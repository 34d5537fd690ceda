import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A row of a cursor-paginated list carries its exact position (timestamp to the microsecond) and id. */
export interface Positioned {
  id: string;
  position: string;
}

/** Selects a timestamp column as text with every microsecond, so a cursor never skips or repeats a row. */
export function positionOf(createdAt: PgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface CursorPosition {
  at: string;
  id: string;
  /** true: the page before this position (a `previous` link), else the page after it. */
  back: boolean;
}

export interface CursorQuery {
  /** Extra condition for rows after (or before) the cursor, and the order to read them in. */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * The rows after a cursor position (or before it, walking back), newest first, with the id as
 * tie-breaker. A row comparison is one range condition on the (…, created_at, id) index: deep
 * pages cost as little as the first.
 */
export function keysetQuery(
  columns: { createdAt: PgColumn; id: PgColumn },
  cursor: CursorPosition | undefined,
  limit: number,
): CursorQuery {
  const { createdAt, id } = columns;
  const back = cursor?.back ?? false;
  const where = cursor
    ? back
      ? sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const orderBy = back ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
  return { where, orderBy, limit };
}
