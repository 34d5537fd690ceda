import type { createDocument } from "zod-openapi";
import { UNLIMITED_PATHS } from "../http/rate-limit.js";

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

/**
 * The last touches every operation shares: an `operationId` where the operation has none (from
 * its method and path, e.g. `getV2PostsByPostIdComments`, stable for deep links and generated
 * clients), and the rate-limit headers on every answer of a limited route.
 */
export function withOperationIdsAndLimitHeaders(document: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as (Json & { responses?: Record<string, Json> }) | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      if (UNLIMITED_PATHS.has(path)) continue;
      for (const response of Object.values(operation.responses ?? {})) {
        response.headers = {
          ...(response.headers as Json | undefined),
          RateLimit: { $ref: "#/components/headers/RateLimit" },
          "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
        };
      }
    }
  }
  return document;
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
