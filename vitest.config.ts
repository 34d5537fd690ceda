import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Two tiers (docs/development.md, "Tests"): `npm test` runs every file but the system tests,
// `npm run test:system` runs the files named *.system.test.ts; CI runs both.
const system = "**/*.system.test.ts";

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // One test file per core: vitest's default leaves a core to its own process, which mostly
    // waits, so on two cores the files would run one at a time.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "main",
          include: ["src/**/*.test.ts", "test/**/*.test.ts", "tools/**/*.test.ts", "admin/**/*.test.ts"],
          exclude: [...configDefaults.exclude, system],
        },
      },
      { extends: true, test: { name: "system", include: [system] } },
    ],
  },
});
