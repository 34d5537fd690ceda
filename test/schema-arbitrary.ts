import fc from "fast-check";

/** The part of JSON Schema the served document uses for its parameters and request bodies. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

/** Values to try for a `format: uuid`: ids that exist, so a request reaches past its lookup, and random ones. */
export type IdPool = () => fc.Arbitrary<string>;

const LONGEST_GENERATED_STRING = 200;

function stringOf(schema: JsonSchema, ids: IdPool): fc.Arbitrary<string> {
  if (schema.format === "uuid") return ids();
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri") return fc.webUrl();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? LONGEST_GENERATED_STRING, minLength + LONGEST_GENERATED_STRING);
  if (schema.pattern) {
    // A pattern can allow more than the length bounds: keep only what meets both.
    return fc
      .stringMatching(new RegExp(schema.pattern, "u"))
      .filter((value) => value.length >= minLength && value.length <= maxLength);
  }
  return fc.string({ unit: "grapheme", minLength, maxLength });
}

function objectOf(schema: JsonSchema, ids: IdPool): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, arbitraryOf(sub, ids)]));
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

/** A fast-check arbitrary of the values a schema accepts. */
export function arbitraryOf(schema: JsonSchema, ids: IdPool): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => arbitraryOf(option, ids)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["string"];
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, ids)));
}

function arbitraryOfType(type: string, schema: JsonSchema, ids: IdPool): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "array":
      return fc.array(arbitraryOf(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case "object":
      return objectOf(schema, ids);
    default:
      return stringOf(schema, ids);
  }
}
