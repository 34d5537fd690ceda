// Property-based requests for every operation of the served OpenAPI document, generated from the
// document's own parameter and body schemas, sent anonymously, as a user and as an admin. None may
// answer 5xx, and every answer must match what the document says of it (the harness holds each
// response to the document). DOCUMENT_FUZZ_SEED=<n> replays a run; DOCUMENT_FUZZ_RUNS=<n> sets
// how many requests each operation gets per caller.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, type OpenApiDocument } from "../src/openapi/document.js";
import { createPost, signUp, type TestUser } from "./factories.js";
import { useTestApp } from "./harness.js";
import { arbitraryOf, type JsonSchema } from "./schema-arbitrary.js";
import { TestSmtpServer } from "./smtp.js";

// Without mail the mailing endpoints rightly answer 503; with a relay they must answer below 500.
const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

const RUNS = Number(process.env.DOCUMENT_FUZZ_RUNS ?? 2);
const SEED = Number(process.env.DOCUMENT_FUZZ_SEED ?? Date.now() % 2 ** 31);
const CALLERS = ["anonymous", "user", "admin"] as const;
type Caller = (typeof CALLERS)[number];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}
interface GeneratedRequest {
  path: Record<string, string | number | boolean>;
  query: Record<string, unknown>;
  body: unknown;
}

const actors: Partial<Record<Exclude<Caller, "anonymous">, TestUser>> = {};
const knownIds: string[] = [];
let served: OpenApiDocument;

async function actor(caller: Exclude<Caller, "anonymous">): Promise<TestUser> {
  actors[caller] ??= await signUp(t, caller === "admin" ? { roles: ["ADMIN"] } : {});
  knownIds.push(actors[caller].id, (await createPost(t, actors[caller])).id);
  return actors[caller];
}

const ids = () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownIds) }, { weight: 1, arbitrary: fc.uuid() });

function requestArbitrary(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const group = (where: string) => {
    const own = parameters.filter((parameter) => parameter.in === where);
    return fc.record(Object.fromEntries(own.map((parameter) => [parameter.name, arbitraryOf(parameter.schema, ids)])), {
      requiredKeys: own.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    });
  };
  const bodySchema = operation.requestBody?.content["application/json"]?.schema;
  const body = bodySchema
    ? operation.requestBody?.required
      ? arbitraryOf(bodySchema, ids)
      : fc.option(arbitraryOf(bodySchema, ids), { nil: undefined })
    : fc.constant(undefined);
  return fc.record({ path: group("path"), query: group("query"), body }) as fc.Arbitrary<GeneratedRequest>;
}

function urlOf(template: string, request: GeneratedRequest): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(request.path[name] ?? ""));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Requests that can end the caller's session or change its roles: the next request signs a new one up. */
const mayChangeCaller = (method: string, template: string) =>
  method !== "get" && (template.startsWith("/api/auth/") || /users/.test(template));

beforeAll(async () => {
  served = await buildOpenApiDocument(t.auth);
  await actor("user");
  await actor("admin");
});

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ template, method, operation })),
  );

async function send(caller: Caller, method: string, template: string, generated: GeneratedRequest) {
  const url = urlOf(template, generated);
  const mismatchesBefore = t.conformance.mismatches.length;
  let request = t.http[method as "get"](url);
  if (caller !== "anonymous") request = request.set("Cookie", (actors[caller] ?? (await actor(caller))).cookie);
  const res = generated.body === undefined ? await request : await request.send(generated.body as object);
  if (caller !== "anonymous" && mayChangeCaller(method, template)) delete actors[caller];
  const summary = `${caller} ${method.toUpperCase()} ${url} ${JSON.stringify(generated.body)}`;
  expect(res.status, `${summary} -> ${res.status} ${res.text}`).toBeLessThan(500);
  expect(t.conformance.mismatches.slice(mismatchesBefore), summary).toEqual([]);
}

describe(`every documented operation, generated from its schemas (DOCUMENT_FUZZ_SEED=${SEED})`, () => {
  it.each(CALLERS)(
    "answers %s callers below 500, as documented",
    async (caller) => {
      const operations = operationsOf(served);
      expect(operations.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const { template, method, operation } of operations) {
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary(operation), (generated) => send(caller, method, template, generated)),
          { numRuns: RUNS, seed: SEED },
        );
        if (result.failed)
          failures.push(`${method} ${template}: ${String(result.errorInstance)}\n${fc.defaultReportMessage(result)}`);
      }
      expect(failures).toEqual([]);
    },
    30_000 + RUNS * 10_000,
  );
});
