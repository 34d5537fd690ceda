import type { NextFunction, Request, RequestHandler, Response } from "express";
import * as z from "zod";
import { type FieldIssue, ValidationError } from "./errors.js";

export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

export type ValidInput<S extends RequestSchemas> = {
  [Part in keyof S]: S[Part] extends z.ZodType ? z.output<S[Part]> : never;
};

export interface Validator<S extends RequestSchemas> extends RequestHandler {
  /** The parsed, coerced values of this request; Express 5's `req.query` is read-only, so they live apart. */
  input(res: Response): ValidInput<S>;
}

/**
 * Validates path parameters, query and body against zod schemas and keeps what zod returns
 * (with its coercions and defaults). Every failing part is reported in one 400.
 */
export function validate<S extends RequestSchemas>(schemas: S): Validator<S> {
  const parts = Object.entries(schemas) as [keyof RequestSchemas, z.ZodType][];
  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    const issues: FieldIssue[] = [];
    const input: Record<string, unknown> = {};
    for (const [part, schema] of parts) {
      const result = await parsed(schema, req[part]);
      if (result.success) input[part] = result.data;
      else for (const issue of result.error.issues) issues.push({ part, path: issue.path, message: issue.message });
    }
    if (issues.length > 0) throw new ValidationError(issues);
    res.locals.validatedInput = input;
    next();
  };
  return Object.assign(middleware, {
    input: (res: Response) => res.locals.validatedInput as ValidInput<S>,
  });
}

/**
 * Most schemas check synchronously; the few with an asynchronous rule (a new password against a
 * list read on first use) say so by throwing on a synchronous parse, and are parsed again, awaited.
 */
async function parsed(schema: z.ZodType, value: unknown) {
  try {
    return schema.safeParse(value);
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(value);
    throw error;
  }
}

// Shared field rules. PostgreSQL text cannot hold NUL, so it is refused here rather than by the database.
export const text = () => z.string().refine((value) => !value.includes("\u0000"), "Must not contain NUL characters");

// A character that shows: not whitespace, a control or format character (zero-width space, joiners,
// direction marks), a default-ignorable one (Hangul fillers, variation selectors) or the blank braille cell.
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether a value holds at least one character that shows on screen. */
export const hasVisibleCharacter = (value: string) => VISIBLE_CHARACTER.test(value);

/**
 * Text people read (titles, content, names, comments, messages): trimmed, and holding at least one
 * visible character, so a blank or invisible value is refused rather than stored. Lengths are
 * checked on the trimmed value; an empty one is left to the length rule, so it gets one message.
 */
export const visibleText = () =>
  text()
    .trim()
    .refine((value) => value === "" || hasVisibleCharacter(value), "Must contain a visible character")
    .meta({ description: "Stored trimmed; must hold a visible character (not only spaces or zero-width ones)" });

export const idParams = z.object({ id: z.uuid() });
