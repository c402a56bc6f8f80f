import { defineConfig } from "vitest/config";

const serverTests = ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"];

/**
 * One run, several projects. scripts/test.mjs decides which run on this machine (PostgreSQL server,
 * Chromium) and says why any is skipped.
 */
export default defineConfig({
  test: {
    // Two workers on CI's two cores, every project's files side by side: each server file has its own
    // database, each browser file its own app, data folder and Chromium. Decision 004 has the times.
    maxWorkers: 2,
    projects: [
      { test: { name: "contracts", include: ["packages/contracts/src/**/*.test.ts"], environment: "node" } },
      { test: { name: "architecture", include: ["tests/architecture/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server-pglite",
          include: serverTests,
          // *.postgres.test.ts test what only a PostgreSQL server does (such as ending a connection).
          exclude: ["**/node_modules/**", "**/*.postgres.test.ts"],
          environment: "node",
          env: { TEST_DB: "pglite" },
          // A worker imports the app once for all its files, not once per file (decision 004): each
          // file still builds its own app on its own database, and no test mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server-postgres",
          include: serverTests,
          // *.pglite.test.ts test only the embedded database (its own process and data folder).
          exclude: ["**/node_modules/**", "**/*.pglite.test.ts"],
          environment: "node",
          env: { TEST_DB: "postgres" },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // One jsdom per worker, not per file (decision 004): each test renders into a document
          // testing-library empties after it.
          isolate: false,
          // Said again here: a project that extends a Vite config does not take the root's, and a
          // project of another worker count cannot share the run's group.
          maxWorkers: 2,
          // Forms typed key by key in jsdom take 1-2 s alone and over 5 s beside the browser files on 2 cores.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser test that fails is run once more before it counts (decision 004): on CI's two
          // cores, with browser files side by side, a wait can miss by a frame; one that fails twice
          // is a failure.
          retry: 1,
          // expect.poll gives up after 1 s by default: under CI's load a page can take longer than that
          // to show what a click brings, so polls wait as long as a Playwright action does (15 s).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
