import { sql } from "drizzle-orm";
import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.js";
import { TEXT_ARRAY_OID, textArrayParser, useFastTextArrays } from "./text-array.js";

// The parser node-postgres installs for text[] (postgres-array), before this module replaces it.
const postgresArray = pg.types.getTypeParser(TEXT_ARRAY_OID, "text") as (value: string) => unknown;
const parse = textArrayParser(postgresArray);
const t = useTestApp();

/** The text PostgreSQL itself writes for each array, as it goes over the wire. */
async function arrayTexts(arrays: (string | null)[][]): Promise<string[]> {
  const result: unknown = await t.database.db.execute<{ text: string }>(
    sql`select a::text as text from jsonb_array_elements(${JSON.stringify(arrays)}::jsonb) as e,
          lateral (select array(select jsonb_array_elements_text(e))) as x(a)`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { text: string }[];
  return rows.map((row) => row.text);
}

describe("text[] parsing", () => {
  it("reads what PostgreSQL writes as postgres-array reads it", async () => {
    const element = fc.oneof(
      fc.constantFrom("NULL", "null", "", " ", "a b", 'quo"te', "back\\slash", "{", "}", ",", "é", "tag"),
      fc.string({ maxLength: 12 }),
      fc.stringMatching(/^[a-z0-9-]{1,12}$/),
      fc.constant(null),
    );
    const arrays = fc.sample(fc.array(element, { maxLength: 6 }), 300);
    const texts = await arrayTexts(arrays);
    expect(texts).toHaveLength(arrays.length);
    for (const text of texts) expect(parse(text), text).toEqual(postgresArray(text));
  });

  it("answers as postgres-array for texts PostgreSQL does not write", () => {
    for (const text of [
      "{}",
      "{a,,b}",
      "{,a}",
      "{a,}",
      "{,}",
      "{NULL}",
      "[1:2]={a,b}",
      "{{a,b},{c,d}}",
      "{a b}",
      "{ a }",
    ])
      expect(parse(text), text).toEqual(postgresArray(text));
  });

  it("is what node-postgres uses for text[] once installed, and installs once", () => {
    useFastTextArrays();
    const installed = pg.types.getTypeParser(TEXT_ARRAY_OID, "text");
    useFastTextArrays();
    expect(pg.types.getTypeParser(TEXT_ARRAY_OID, "text")).toBe(installed);
    expect(installed("{kubernetes,go}")).toEqual(["kubernetes", "go"]);
    expect(installed('{"a b",NULL}')).toEqual(["a b", null]);
  });
});
