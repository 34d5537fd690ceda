import type { Request } from "express";
import * as z from "zod";
import { invalidPage } from "../errors.js";
import { countedEnvelope, type Envelope, linkTo, type PageSizes, positiveInt, sizeText } from "./links.js";

// Page-number lists (`?page=&page_size=`), as Django REST framework's PageNumberPagination.

// DRF's `last_page_strings`: the page a client asks for when it wants the end of the list.
const LAST_PAGE = "last";

export interface PageNumberWindow {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** What a page-number list's query reads: the rows of one window and how many there are in all. */
export type CountedFetch<T> = (window: PageNumberWindow) => Promise<{ rows: T[]; count: number }>;

/** A route's page-number list: its documented parameters, its envelope and the answer for a request. */
export function pageNumber(sizes: PageSizes) {
  return {
    label: "page number",
    // Read leniently rather than validated, so the parameters are only described.
    query: z.object({
      page: z
        .union([z.int().min(1), z.literal(LAST_PAGE)])
        .optional()
        .meta({ description: 'From 1, or `last`; past the last page: 404 {detail: "Invalid page."}' }),
      page_size: z
        .int()
        .min(1)
        .optional()
        .meta({ description: sizeText(sizes) }),
    }),
    envelope: countedEnvelope,
    /**
     * The page the request asks for. `page=last` needs the count first: the first page's query
     * tells it, and the last page is then read (page 1 when there are none, as DRF answers).
     */
    async answer<T>(req: Request, fetch: CountedFetch<T>): Promise<Envelope<T>> {
      const { window, last } = windowOf(req.query, sizes);
      let { rows, count } = await fetch(window);
      if (last) {
        const page = pageCount(count, window.pageSize);
        if (page > 1) ({ rows, count } = await fetch(at(page, window.pageSize)));
        return envelope(req, at(page, window.pageSize), count, rows);
      }
      return envelope(req, window, count, rows);
    },
  };
}

/** page_size falls back to the default when malformed and is capped at the maximum; a malformed page is 404. */
function windowOf(query: Request["query"], sizes: PageSizes): { window: PageNumberWindow; last: boolean } {
  const pageSize = Math.min(positiveInt(query.page_size) ?? sizes.defaultSize, sizes.maxSize);
  const last = query.page === LAST_PAGE;
  const page = query.page === undefined || last ? 1 : positiveInt(query.page);
  if (page === undefined) throw invalidPage();
  return { window: at(page, pageSize), last };
}

const at = (page: number, pageSize: number): PageNumberWindow => ({
  page,
  pageSize,
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

function envelope<T>(req: Request, window: PageNumberWindow, count: number, results: T[]): Envelope<T> {
  const lastPage = pageCount(count, window.pageSize);
  if (window.page > lastPage) throw invalidPage();
  return {
    count,
    next: window.page < lastPage ? linkTo(req, { page: String(window.page + 1) }) : null,
    previous: window.page > 1 ? linkTo(req, { page: window.page === 2 ? undefined : String(window.page - 1) }) : null,
    results,
  };
}
