import { createHmac, timingSafeEqual } from "node:crypto";
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Request } from "express";
import * as z from "zod";
import { invalidCursor } from "../errors.js";
import { type Envelope, linkTo, uncountedEnvelope } from "./links.js";

// Cursor lists, as Django REST framework's CursorPagination: ordered by `-created_at` with the id
// as tie-breaker. The cursor is an HMAC-signed position (not an offset), so pages stay stable
// while rows are added, and a cursor a client altered is refused.

/** A row of a cursor list carries its exact position (timestamp to the microsecond) and id. */
export interface Positioned {
  id: string;
  position: string;
}

/** Selects a timestamp column as text with every microsecond, so a cursor never skips or repeats a row. */
export function positionOf(createdAt: PgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

interface CursorPosition {
  at: string;
  id: string;
  /** true: the page before this position (a `previous` link), else the page after it. */
  back: boolean;
}

/** What a cursor list's query adds: the condition for rows after (or before) the cursor, their order and how many. */
export interface CursorQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/** The ordered columns of a cursor list. */
export interface CursorColumns {
  createdAt: PgColumn;
  id: PgColumn;
}

/** Signs and reads cursors with the app's secret; one per app, shared by every cursor list. */
export function cursorSigner(secret: string) {
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(`cursor:${payload}`).digest("base64url").slice(0, 22);
  return {
    encode(cursor: CursorPosition): string {
      const payload = Buffer.from(JSON.stringify([cursor.at, cursor.id, cursor.back ? 1 : 0])).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    decode(raw: unknown): CursorPosition | undefined {
      if (raw === undefined) return undefined;
      if (typeof raw !== "string") throw invalidCursor();
      const [payload = "", signature = ""] = raw.split(".");
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
      try {
        const [at, id, back] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [string, string, number];
        return { at, id, back: back === 1 };
      } catch {
        throw invalidCursor();
      }
    },
  };
}

export type CursorSigner = ReturnType<typeof cursorSigner>;

/** A route's cursor list, newest first: its documented parameter, its envelope and the answer for a request. */
export function cursor({ pageSize, columns }: { pageSize: number; columns: CursorColumns }) {
  return {
    label: `cursor, newest first, ${pageSize} a page`,
    query: z.object({
      cursor: z
        .string()
        .optional()
        .meta({ description: "Opaque: follow `next` and `previous` as given; an altered cursor is 400" }),
    }),
    envelope: uncountedEnvelope,
    async answer<Row extends Positioned>(
      req: Request,
      signer: CursorSigner,
      fetch: (query: CursorQuery) => Promise<Row[]>,
    ): Promise<Envelope<Omit<Row, "position">>> {
      const position = signer.decode(req.query.cursor);
      const back = position?.back ?? false;
      const rows = await fetch(keysetQuery(columns, position, pageSize + 1));
      const hasMore = rows.length > pageSize;
      const page = rows.slice(0, pageSize);
      if (back) page.reverse();
      const first = page[0];
      const last = page[page.length - 1];
      // Walking forward there is a previous page whenever we came from a cursor, and vice versa.
      const hasNext = back ? position !== undefined : hasMore;
      const hasPrevious = back ? hasMore : position !== undefined;
      const linkAt = (row: Row, back: boolean) =>
        linkTo(req, { cursor: signer.encode({ at: row.position, id: row.id, back }) });
      return {
        next: hasNext && last ? linkAt(last, false) : null,
        previous: hasPrevious && first ? linkAt(first, true) : null,
        results: page.map(({ position: _position, ...row }) => row),
      };
    },
  };
}

/**
 * The rows after a cursor position (or before it, walking back), newest first, with the id as
 * tie-breaker. A row comparison is one range condition on the (…, created_at, id) index: deep
 * pages cost as little as the first.
 */
function keysetQuery(columns: CursorColumns, position: CursorPosition | undefined, limit: number): CursorQuery {
  const { createdAt, id } = columns;
  const back = position?.back ?? false;
  const where = position
    ? back
      ? sql`(${createdAt}, ${id}) > (${position.at}::timestamptz, ${position.id}::uuid)`
      : sql`(${createdAt}, ${id}) < (${position.at}::timestamptz, ${position.id}::uuid)`
    : undefined;
  const orderBy = back ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
  return { where, orderBy, limit };
}
