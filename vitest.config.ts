import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Two tiers (docs/development.md, "Tests"): `npm test` runs every file but the system tests (the
// projects named main*), `npm run test:system` runs the files named *.system.test.ts; CI runs both.
const system = "**/*.system.test.ts";
const mainTier = ["src/**/*.test.ts", "test/**/*.test.ts", "tools/**/*.test.ts", "admin/**/*.test.ts"];
// Files that replace a module (vi.mock) need modules loaded for them alone.
const replacingModules = ["src/auth/auth.test.ts"];

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
          include: mainTier,
          exclude: [...configDefaults.exclude, system, ...replacingModules],
          // Files share their worker's loaded modules: each file starts its own app on its own
          // database, and loading the app's modules again for each of ~90 files took a third of the run.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "main-isolated", include: replacingModules },
      },
      { extends: true, test: { name: "system", include: [system] } },
    ],
  },
});
