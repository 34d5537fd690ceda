import pg from "pg";

/** PostgreSQL's type id of `text[]`, which pg's typings do not name. */
export const TEXT_ARRAY_OID = 1009 as unknown as Parameters<typeof pg.types.getTypeParser>[0];

type Parse = (value: string) => unknown;

/**
 * node-postgres reads a `text[]` (a post's tags) with postgres-array, which walks the text one
 * character at a time and allocates an object per character: on the posts list it was a sixth
 * of the heap allocated per request. PostgreSQL writes an element without quotes unless it is
 * empty, NULL, or holds a quote, backslash, brace, comma or white space; an array with no quote,
 * backslash or inner brace is therefore a plain comma-separated list, read here with one split.
 * Anything else goes to the parser pg installed. text-array.test.ts holds the two to the same answers.
 */
export function textArrayParser(fallback: Parse): Parse {
  return (value) => {
    const last = value.length - 1;
    if (value.charCodeAt(0) !== OPEN || value.charCodeAt(last) !== CLOSE || needsFullParser(value, last))
      return fallback(value);
    if (last === 1) return [];
    const entries: (string | null)[] = value.slice(1, last).split(",");
    for (let i = 0; i < entries.length; i += 1) if (entries[i] === "NULL") entries[i] = null;
    return entries;
  };
}

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const COMMA = 0x2c;

/** Quotes, escapes, nesting, or an empty element (which PostgreSQL never writes unquoted). */
function needsFullParser(value: string, last: number): boolean {
  let previous = OPEN;
  for (let i = 1; i < last; i += 1) {
    const code = value.charCodeAt(i);
    if (code === QUOTE || code === BACKSLASH || code === OPEN || code === CLOSE) return true;
    if (code === COMMA && previous === COMMA) return true;
    previous = code;
  }
  return last > 1 && (value.charCodeAt(1) === COMMA || previous === COMMA);
}

/** Reads every `text[]` node-postgres returns in this process through `textArrayParser`; once is enough. */
export function useFastTextArrays(): void {
  const installed = pg.types.getTypeParser(TEXT_ARRAY_OID, "text") as Parse & { fast?: true };
  if (installed.fast) return;
  const parse = Object.assign(textArrayParser(installed), { fast: true as const });
  pg.types.setTypeParser(TEXT_ARRAY_OID, "text", parse);
}
