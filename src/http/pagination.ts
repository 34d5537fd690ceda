import { createHmac, timingSafeEqual } from "node:crypto";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Request } from "express";
import { type CursorPosition, type CursorQuery, keysetQuery, type Positioned } from "../db/keyset.js";
import { invalidCursor, invalidPage } from "./errors.js";

// The three list styles v2 offers, as Django REST framework implements them:
// page number, limit/offset and cursor. Each takes the raw query and the route's own sizes.

export interface Envelope<T> {
  count?: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

// DRF's `last_page_strings`: the page a client asks for when it wants the end of the list.
const LAST_PAGE = "last";

export interface PageNumberWindow {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
  /** `?page=last`: page 1 stands in until `lastPageWindow` places it, once the count is known. */
  last: boolean;
}

/** `?page=&page_size=`; page_size falls back to the default when malformed and is capped at the maximum. */
export function pageNumberWindow(
  query: Request["query"],
  sizes: { defaultSize: number; maxSize: number },
): PageNumberWindow {
  const pageSize = Math.min(positiveInt(query.page_size) ?? sizes.defaultSize, sizes.maxSize);
  const last = query.page === LAST_PAGE;
  const page = query.page === undefined || last ? 1 : positiveInt(query.page);
  if (page === undefined) throw invalidPage();
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize, last };
}

/** The window of the last page of `count` results; page 1 when there are none, as DRF answers. */
export function lastPageWindow(window: PageNumberWindow, count: number): PageNumberWindow {
  const page = Math.max(1, Math.ceil(count / window.pageSize));
  return { ...window, page, offset: (page - 1) * window.pageSize };
}

export function pageNumberEnvelope<T>(
  req: Request,
  window: PageNumberWindow,
  count: number,
  results: T[],
): Envelope<T> {
  const lastPage = Math.max(1, Math.ceil(count / window.pageSize));
  if (window.page > lastPage) throw invalidPage();
  return {
    count,
    next: window.page < lastPage ? linkTo(req, { page: String(window.page + 1) }) : null,
    previous: window.page > 1 ? linkTo(req, { page: window.page === 2 ? undefined : String(window.page - 1) }) : null,
    results,
  };
}

/** `?limit=&offset=`; malformed values fall back to the defaults, a limit above the maximum is capped. */
export function limitOffsetWindow(query: Request["query"], sizes: { defaultSize: number; maxSize: number }) {
  const limit = Math.min(positiveInt(query.limit) ?? sizes.defaultSize, sizes.maxSize);
  const offset = nonNegativeInt(query.offset) ?? 0;
  return { limit, offset };
}

export function limitOffsetEnvelope<T>(
  req: Request,
  window: ReturnType<typeof limitOffsetWindow>,
  count: number,
  results: T[],
): Envelope<T> {
  const { limit, offset } = window;
  const previousOffset = Math.max(0, offset - limit);
  return {
    count,
    next: offset + limit < count ? linkTo(req, { limit: String(limit), offset: String(offset + limit) }) : null,
    previous:
      offset > 0
        ? linkTo(req, { limit: String(limit), offset: previousOffset === 0 ? undefined : String(previousOffset) })
        : null,
    results,
  };
}

/**
 * Cursor pagination ordered by `-created_at` with the id as tie-breaker, as DRF's CursorPagination:
 * the cursor is an HMAC-signed position (not an offset), so pages stay stable while rows are added,
 * and a cursor a client altered is refused.
 */
export function cursorPaginator(secret: string) {
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(`cursor:${payload}`).digest("base64url").slice(0, 22);

  function encode(cursor: CursorPosition): string {
    const payload = Buffer.from(JSON.stringify([cursor.at, cursor.id, cursor.back ? 1 : 0])).toString("base64url");
    return `${payload}.${sign(payload)}`;
  }

  function decode(raw: unknown): CursorPosition | undefined {
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
  }

  return async function cursorPage<Row extends Positioned>(
    req: Request,
    columns: { createdAt: PgColumn; id: PgColumn },
    pageSize: number,
    fetch: (query: CursorQuery) => Promise<Row[]>,
  ): Promise<Envelope<Omit<Row, "position">>> {
    const cursor = decode(req.query.cursor);
    const back = cursor?.back ?? false;
    const rows = await fetch(keysetQuery(columns, cursor, pageSize + 1));
    const hasMore = rows.length > pageSize;
    const page = rows.slice(0, pageSize);
    if (back) page.reverse();
    const first = page[0];
    const last = page[page.length - 1];
    // Walking forward there is a previous page whenever we came from a cursor, and vice versa.
    const hasNext = back ? cursor !== undefined : hasMore;
    const hasPrevious = back ? hasMore : cursor !== undefined;
    return {
      next: hasNext && last ? linkTo(req, { cursor: encode({ at: last.position, id: last.id, back: false }) }) : null,
      previous:
        hasPrevious && first ? linkTo(req, { cursor: encode({ at: first.position, id: first.id, back: true }) }) : null,
      results: page.map(({ position: _position, ...row }) => row),
    };
  };
}

export type CursorPaginator = ReturnType<typeof cursorPaginator>;

/** The request's own absolute URL with some query parameters replaced (undefined removes one). */
function linkTo(req: Request, changes: Record<string, string | undefined>): string {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.host}`);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.toString();
}

function positiveInt(value: unknown): number | undefined {
  const n = nonNegativeInt(value);
  return n === undefined || n === 0 ? undefined : n;
}

function nonNegativeInt(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}
