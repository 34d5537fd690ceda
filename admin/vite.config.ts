import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

/** The admin console: built into dist/admin/, served by the service at /admin/ (src/http/admin-console.ts). */
export default defineConfig({
  root: here,
  base: "/admin/",
  logLevel: "warn",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("../dist/admin/", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // The polyfill would be an inline script, which the page's Content-Security-Policy refuses.
    modulePreload: { polyfill: false },
  },
});
