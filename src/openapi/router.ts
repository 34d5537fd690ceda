import { Router } from "express";
import type { AppDeps } from "../deps.js";
import { DOCS_ASSETS, DOCS_PAGE, DOCS_POLICY } from "./docs-page.js";
import type { OpenApiDocument } from "./document.js";

/** `GET /api/openapi.json` (built once per app, on first request) and the interactive reference at `/api/docs`. */
export function openApiRouter({ auth }: AppDeps): Router {
  const router = Router();
  let document: Promise<OpenApiDocument> | undefined;

  router.get("/openapi.json", async (_req, res) => {
    // A failed build is tried again by the next request rather than remembered.
    // The document's modules (zod-openapi, every route's description) load on first use, not at start-up.
    document ??= import("./document.js")
      .then(({ buildOpenApiDocument }) => buildOpenApiDocument(auth))
      .catch((error: unknown) => {
        document = undefined;
        throw error;
      });
    res.json(await document);
  });

  router.get("/docs", (_req, res) => {
    res.setHeader("Content-Security-Policy", DOCS_POLICY);
    res.type("html").send(DOCS_PAGE);
  });

  for (const [name, asset] of Object.entries(DOCS_ASSETS)) {
    let body: Buffer | string | undefined;
    router.get(`/docs/${name}`, (_req, res) => {
      body ??= asset.body();
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.type(asset.type).send(body);
    });
  }

  return router;
}
