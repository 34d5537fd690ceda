import { asc, desc, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import * as z from "zod";

/**
 * DRF's `?ordering=` parameter: comma-separated field names, `-` for descending, over an allowlist.
 * An unknown field is a validation error; no parameter gives `fallback`.
 */
export function orderingParam(allowed: Readonly<Record<string, PgColumn>>, fallback: string) {
  // What the transform below accepts, for the document: names around which spaces are trimmed, or
  // nothing at all (the fallback).
  const field = `\\s*-?(?:${Object.keys(allowed).join("|")})\\s*`;
  return z
    .string()
    .meta({ pattern: `^(?:${field}(?:,${field})*)?$` })
    .optional()
    .transform((value, ctx): SQL[] => {
      const fields = (value || fallback).split(",").map((field) => field.trim());
      const order: SQL[] = [];
      for (const field of fields) {
        const name = field.replace(/^-/, "");
        const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
        if (!column) {
          ctx.addIssue({
            code: "custom",
            message: `Unknown ordering field "${field}"; allowed: ${Object.keys(allowed).join(", ")}`,
          });
          return z.NEVER;
        }
        order.push(field.startsWith("-") ? desc(column) : asc(column));
      }
      return order;
    });
}
