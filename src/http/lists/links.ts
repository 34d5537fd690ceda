import type { Request } from "express";
import * as z from "zod";

// What the three list styles share: the v2 envelope with links to the adjacent pages, and the
// lenient reading of a window's numbers (a malformed one falls back, as Django REST framework does).

/** A v2 list's answer; `count` only from the styles that count. */
export interface Envelope<T> {
  count?: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A route's page sizes: what a request without one gets, and the most it may ask for. */
export interface PageSizes {
  defaultSize: number;
  maxSize: number;
}

const link = z.url().nullable().meta({ description: "Absolute URL of the adjacent page, or null" });

/** The envelope of the styles that count the whole list (page number, limit/offset). */
export const countedEnvelope = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ count: z.int().min(0), next: link, previous: link, results: z.array(item) }).meta({ id });

/** The cursor style's envelope: no count. */
export const uncountedEnvelope = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ next: link, previous: link, results: z.array(item) }).meta({ id });

/** The text the document shows for a size parameter. */
export const sizeText = (sizes: PageSizes) =>
  `Default ${sizes.defaultSize}, capped at ${sizes.maxSize}; a value that is not a whole number from 1 gives the default (no 400)`;

/**
 * The request's own URL with some query parameters replaced (undefined removes one), on the
 * service's public URL (`app.locals.publicUrl`): a link built from the request's Host or
 * X-Forwarded-Host would point wherever the client said. The development admin key is a secret
 * and never rides along.
 */
export function linkTo(req: Request, changes: Record<string, string | undefined>): string {
  const { pathname, search } = new URL(req.originalUrl, "http://service.invalid");
  const url = new URL(`${pathname}${search}`, new URL(String(req.app.locals.publicUrl)).origin);
  url.searchParams.delete("adminKey");
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.toString();
}

export function positiveInt(value: unknown): number | undefined {
  const n = nonNegativeInt(value);
  return n === undefined || n === 0 ? undefined : n;
}

export function nonNegativeInt(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}
