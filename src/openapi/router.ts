import * as z from "zod";
import type { Auth } from "../auth/auth.js";
import { route, type RouteGroup } from "../http/route.js";
import { DOCS_ASSETS, DOCS_PAGE, DOCS_POLICY } from "./docs-page.js";
import type { OpenApiDocument } from "./document.js";

const tag = "Documentation";

// One document per app (per better-auth instance), built on the first request for it. A failed
// build is tried again by the next request rather than remembered. The document's modules
// (zod-openapi, every route's description) load on first use, not at start-up.
const documents = new WeakMap<Auth, Promise<OpenApiDocument>>();

function documentOf(auth: Auth): Promise<OpenApiDocument> {
  let document = documents.get(auth);
  if (!document) {
    document = import("./document.js")
      .then(({ buildOpenApiDocument }) => buildOpenApiDocument(auth))
      .catch((error: unknown) => {
        documents.delete(auth);
        throw error;
      });
    documents.set(auth, document);
  }
  return document;
}

/** `GET /api/openapi.json` and the interactive reference at `/api/docs`, with its files. */
export const documentationRoutes: RouteGroup = {
  family: "v1",
  base: "/api",
  routes: [
    route({
      method: "get",
      path: "/openapi.json",
      tag,
      summary: "This document (OpenAPI 3.1)",
      access: "anyone",
      successes: { 200: { description: "The document", schema: z.record(z.string(), z.unknown()) } },
      handler: async ({ res }, { auth }) => {
        res.json(await documentOf(auth));
      },
    }),
    route({
      method: "get",
      path: "/docs",
      tag,
      summary: "Interactive reference (Swagger UI)",
      access: "anyone",
      successes: { 200: { description: "An HTML page", schema: z.string(), mediaType: "text/html" } },
      handler: ({ res }) => {
        res.setHeader("Content-Security-Policy", DOCS_POLICY);
        res.type("html").send(DOCS_PAGE);
      },
    }),
    ...Object.entries(DOCS_ASSETS).map(([name, asset]) => {
      let body: Buffer | string | undefined;
      return route({
        method: "get",
        path: `/docs/${name}`,
        tag,
        summary: "A script or style sheet of the reference page",
        access: "anyone",
        successes: { 200: { description: name, schema: z.string(), mediaType: asset.type } },
        handler: ({ res }) => {
          body ??= asset.body();
          res.setHeader("Cache-Control", "public, max-age=3600");
          res.type(asset.type).send(body);
        },
      });
    }),
  ],
};
