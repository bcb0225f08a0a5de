// Shared test settings. The CI machine has 2 cores, and turbo runs two packages side by side
// (root `pnpm test`), so a package never uses more than 2 workers.
import { defineConfig } from "vitest/config";

/** Test files that drive headless Chromium: `*-browser.test.ts(x)`, and two whose names say what they check. */
export const BROWSER_TESTS = ["**/*-browser.test.{ts,tsx}", "**/front-door-pages.test.ts", "**/runtime-neutral.test.ts"];
/** Test files that start several server processes on PostgreSQL (`apps/server`). */
export const CLUSTER_TESTS = "**/cluster-*.test.ts";

/**
 * `pnpm test:unit` sets `TEST_SCOPE=unit` (with `TEST_DIALECTS=sqlite`): the day-to-day run leaves out
 * the browser and several-process files, which need Chromium or PostgreSQL and most of the time.
 */
export const UNIT_ONLY = process.env.TEST_SCOPE === "unit";

const MAX_WORKERS = 2;

/**
 * A package whose tests use real databases, servers, processes or a browser. Each file creates its own
 * database and listens on its own port, so files run in parallel, each in a fresh worker (`isolate`),
 * because they open pools, servers and browsers that must not leak into the next file.
 */
export function testConfig(overrides = {}) {
  return defineConfig({ test: heavyTestSettings(overrides) });
}

/** `testConfig`'s settings alone, to build a package's vitest projects from. */
export function heavyTestSettings(overrides = {}) {
  return {
    include: ["test/**/*.test.ts"],
    exclude: UNIT_ONLY ? ["**/node_modules/**", ...BROWSER_TESTS, CLUSTER_TESTS] : ["**/node_modules/**"],
    // Generous: real databases and servers are slower than unit tests, above all with two files at once.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: MAX_WORKERS,
    ...overrides,
  };
}

/**
 * A package of pure code (no database, browser, server process or global state a file leaves behind):
 * its files share workers (`isolate: false`, no new module graph per file) and run in parallel.
 */
export function pureTestConfig(overrides = {}) {
  return testConfig({ isolate: false, ...overrides });
}
