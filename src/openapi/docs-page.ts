import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

// Swagger UI's own files, served from its npm package (no CDN), and the few lines that start it.
export const DOCS_ASSETS: Readonly<Record<string, { type: string; body: () => Buffer | string }>> = {
  "swagger-ui.css": { type: "text/css", body: () => readFileSync(join(swaggerUiDir, "swagger-ui.css")) },
  "swagger-ui-bundle.js": {
    type: "text/javascript",
    body: () => readFileSync(join(swaggerUiDir, "swagger-ui-bundle.js")),
  },
  "start.js": {
    type: "text/javascript",
    body: () =>
      `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs", deepLinking: true, withCredentials: true, tryItOutEnabled: true });\n`,
  },
};

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>posts-api: API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// The API's own policy forbids every script and style; this page needs its own files (and Swagger
// UI's inline styles and data: images), and may call the API it describes, nothing else.
export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
