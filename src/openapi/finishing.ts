import type { createDocument } from "zod-openapi";
import { PROBE_PATHS } from "../http/ready.js";

type Json = Record<string, unknown>;

export type OpenApiDocument = ReturnType<typeof createDocument>;
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** The headers express-rate-limit sends (draft 7 of the IETF RateLimit fields) when limits are on. */
export const rateLimitHeaders: Record<string, Json> = {
  RateLimit: {
    description:
      "When rate limits are on (production): this client's budget on this route, e.g. `limit=100, remaining=99, reset=60` (seconds)",
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: "When rate limits are on: the policy, e.g. `100;w=60` (100 requests a 60-second window)",
    schema: { type: "string" },
  },
};

const RETRY_AFTER = {
  description: "Seconds until this client may try again",
  schema: { type: "integer", minimum: 0 },
};

// A request string with no bound of its own is still bounded by the request: Node refuses a URL
// and headers over 16 KB (431), and no page URL, token or key of this API comes near 2,048
// characters, so the document states that much for fuzzers and scanners.
const REQUEST_STRING_MAX = 2_048;

/**
 * The last touches every operation shares: an `operationId` where the operation has none (from
 * its method and path, e.g. `getV2PostsByPostIdComments`, stable for deep links and generated
 * clients), the rate-limit headers on every answer of a limited route and `Retry-After` on its
 * 429 (a route never limited has no 429), and a `maxLength` on every request string.
 */
export function withOperationIdsAndLimitHeaders(document: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as (Json & { responses?: Record<string, Json> }) | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      boundRequestStrings(operation);
      if (PROBE_PATHS.has(path)) {
        delete operation.responses?.["429"];
        continue;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        response.headers = {
          ...(response.headers as Json | undefined),
          ...(status === "429" ? { "Retry-After": RETRY_AFTER } : {}),
          RateLimit: { $ref: "#/components/headers/RateLimit" },
          "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
        };
      }
    }
  }
  return document;
}

/** Gives each string of an operation's parameters and request body without a bound `REQUEST_STRING_MAX`. */
function boundRequestStrings(operation: Json): void {
  for (const parameter of (operation.parameters as Json[] | undefined) ?? []) bound(parameter.schema);
  const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  for (const media of Object.values(content ?? {})) bound(media.schema);
}

function bound(schema: unknown): void {
  if (schema === null || typeof schema !== "object") return;
  const node = schema as Json;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const fixed = node.enum !== undefined || node.const !== undefined || node.format === "uuid";
  if (types.includes("string") && node.maxLength === undefined && !fixed) node.maxLength = REQUEST_STRING_MAX;
  for (const inner of Object.values((node.properties as Json | undefined) ?? {})) bound(inner);
  bound(node.items);
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const inner of (node[key] as unknown[] | undefined) ?? []) bound(inner);
}

function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter((segment) => segment !== "" && segment !== "api")
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter ? `By${capitalised(parameter)}` : segment.split(/[-_.]/).map(capitalised).join("");
    });
  return method + words.join("");
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
