import { defineConfig } from "vitest/config";

// The real-browser suite (Chromium at /usr/bin/chromium): npm run test:browser.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.browser-test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
