import type { Request } from "express";
import * as z from "zod";
import {
  countedEnvelope,
  type Envelope,
  linkTo,
  nonNegativeInt,
  type PageSizes,
  positiveInt,
  sizeText,
} from "./links.js";

// Limit/offset lists (`?limit=&offset=`), in two readings: v2's lenient one, as Django REST
// framework's LimitOffsetPagination (a malformed value falls back, a limit above the maximum is
// capped), and v1's validated one (either out of bounds is a 400), whose answer carries the window.

export interface LimitOffsetWindow {
  limit: number;
  offset: number;
}

/** v2: a route's limit/offset list, its documented parameters, its envelope and the answer for a request. */
export function limitOffset(sizes: PageSizes) {
  return {
    label: "limit/offset",
    // Read leniently rather than validated, so the parameters are only described.
    query: z.object({
      limit: z
        .int()
        .min(1)
        .optional()
        .meta({ description: sizeText(sizes) }),
      offset: z
        .int()
        .min(0)
        .optional()
        .meta({ description: "Default 0; a value that is not a whole number from 0 gives 0 (no 400)" }),
    }),
    envelope: countedEnvelope,
    async answer<T>(
      req: Request,
      fetch: (window: LimitOffsetWindow) => Promise<{ rows: T[]; count: number }>,
    ): Promise<Envelope<T>> {
      const limit = Math.min(positiveInt(req.query.limit) ?? sizes.defaultSize, sizes.maxSize);
      const offset = nonNegativeInt(req.query.offset) ?? 0;
      const { rows, count } = await fetch({ limit, offset });
      return envelope(req, { limit, offset }, count, rows);
    },
  };
}

/** v1: the window is validated with the route's other input, and the answer names its list and repeats the window. */
export function validatedLimitOffset(sizes: PageSizes) {
  return {
    query: z.object({
      limit: queryInt(z.coerce.number().int().min(1).max(sizes.maxSize).default(sizes.defaultSize)),
      offset: queryInt(z.coerce.number().int().min(0).default(0)),
    }),
    envelope: <K extends string, T extends z.ZodType>(key: K, item: T) =>
      z.object({ [key]: z.array(item), limit: z.int(), offset: z.int() } as Record<K, z.ZodArray<T>> & {
        limit: z.ZodInt;
        offset: z.ZodInt;
      }),
  };
}

/**
 * A number from the query string, with an empty or blank value refused as no number: coercion
 * alone reads "" as 0, which let `?offset=` pass as 0 while `?limit=` (0, under the minimum) was
 * refused. An absent parameter still takes its default.
 */
function queryInt<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? Number.NaN : value), schema);
}

function envelope<T>(req: Request, window: LimitOffsetWindow, count: number, results: T[]): Envelope<T> {
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
