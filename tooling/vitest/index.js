// Shared test settings. The CI machine has 2 cores, and turbo runs up to three tasks side by side
// (root `pnpm test`; one of them is often the cluster suite, which mostly waits on its processes),
// so a package never uses more than 2 workers.
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export { ensureDebianPackage } from "./debian-package.js";

/** A package's test files, under its folder. */
export const TEST_FILES = "test/**/*.test.{ts,tsx}";
/** Test files that drive headless Chromium: `*-browser.test.ts(x)`, and two whose names say what they check. */
export const BROWSER_TESTS = ["**/*-browser.test.{ts,tsx}", "**/front-door-pages.test.ts", "**/runtime-neutral.test.ts"];
/** Test files that start several server processes on PostgreSQL (`apps/server`). */
export const CLUSTER_TESTS = "**/cluster-*.test.ts";
/**
 * Test files that check a package as it is shipped (`pnpm deploy` and the server started from the
 * result), like the `check-packages` task, which `pnpm test:unit` does not run either.
 */
export const PACKAGING_TESTS = "**/deploy-directory.test.ts";

/**
 * Test files that start other processes or runtimes (a server or command from its built file, workerd, Bun, a
 * PDF reader, Redocly), or place and save files in bulk: most of a day-to-day run's time, left out of it.
 */
export const PROCESS_AND_VOLUME_TESTS = [
  "examples/**",
  "apps/client-sdk/test/example.test.ts",
  "apps/client-sdk/test/refresh.test.ts",
  "packages/api-v1/test/openapi.test.ts",
  "packages/rest-server/test/openapi.test.ts",
  "packages/pages/test/letter-pdf.test.ts",
  "packages/store/test/statement-gc-stress.test.ts",
  "packages/store/test/placement-uploads.test.ts",
  "packages/store/test/placement-jobs.test.ts",
  "packages/auth/test/sign-in-address-owner.test.ts",
];

/**
 * `pnpm test:unit` sets `TEST_SCOPE=unit` (with `TEST_DIALECTS=sqlite`) and runs the packages' own tests
 * (`tooling/workspace-tests`), not the assembled server's: the day-to-day run leaves out the browser,
 * several-process, packaging, process and volume files, which need Chromium or PostgreSQL and most of the time.
 */
export const UNIT_ONLY = process.env.TEST_SCOPE === "unit";

/**
 * Test files whose outcome does not depend on the Node version running them: the browser walks (what Chromium
 * is sent is rendered and checked by the page tests on every Node; the walks check what Chromium does with it),
 * the TypeScript compile of the SDK's samples (tsc's answer) and the release rehearsal (the versions changesets
 * writes). CI's second pass, on Node 22 (`TEST_NODE_PASS=second` in `.ci/run`), leaves them out: they ran in the
 * first pass, on Node 24. A test of such an answer inside another file skips itself there (`SECOND_NODE_PASS`), as
 * does the packed tarballs' lint (`tooling/package-lint`).
 */
export const SAME_ON_EVERY_NODE = [...BROWSER_TESTS, "**/sdk-samples.test.ts", "**/release-rehearsal.test.ts"];
/** CI's second pass, on another Node: a test whose answer cannot differ between Nodes is skipped there. */
export const SECOND_NODE_PASS = process.env.TEST_NODE_PASS === "second";

const MAX_WORKERS = 2;

/**
 * `TEST_TIMINGS_DIR=<absolute folder> pnpm test` also writes each task's per-file results as Vitest's JSON
 * report there; `node tooling/vitest/slowest.js <folder>` prints the slowest files (issue 53: measure first).
 */
const TIMINGS_DIR = process.env.TEST_TIMINGS_DIR;
const timingReporters = () =>
  TIMINGS_DIR
    ? {
        reporters: [
          "default",
          ["json", { outputFile: `${TIMINGS_DIR}/${basename(process.cwd())}-${process.pid}.json` }],
        ],
        setupFiles: [fileURLToPath(new URL("./cpu-per-file.js", import.meta.url))],
      }
    : {};

/** Finds (or, as root, installs) Chromium's headless shell before a run that has browser tests. */
const CHROMIUM_SETUP = fileURLToPath(new URL("./chromium-setup.js", import.meta.url));

/**
 * How long a test or a hook may run before the runner calls it hung. It only catches hangs: a test that
 * cares about time states its own bound. Real databases, servers and browsers are slower than unit tests,
 * above all two files at once beside other tasks, and CI machines differ: on one 3-4 times slower than the
 * one measured in the README, a green browser walk (the API reference: Swagger UI, then axe at two widths)
 * ran past the 30 s this used to be. A file whose walks are longer still says so (`{ timeout }`).
 */
const HANG_TIMEOUT_MS = 90_000;

/** A file in a workspace package's build output (`packages/core/dist/index.js`), as Vitest sees its path. */
const WORKSPACE_DIST = /\/(packages|apps)\/[^/]+\/dist\//;

/**
 * Every package's tests: files in parallel on at most 2 workers, sharing each worker's modules
 * (`isolate: false`). Files are independent: each makes its own database (`createTestDatabase`) and
 * listens on its own port, and closes its pools, servers and browsers in `afterAll`; no test mocks a
 * module, stubs a global or the environment, or uses fake timers (docs/decisions.md, "Testing").
 * Re-importing a package's whole graph for every file cost more than most files' tests.
 */
export function testConfig(overrides = {}) {
  return defineConfig({ test: testSettings(overrides) });
}

/** `testConfig`'s settings alone, to build a package's vitest projects from. */
export function testSettings(overrides = {}) {
  return {
    include: [TEST_FILES],
    exclude: UNIT_ONLY
      ? ["**/node_modules/**", ...BROWSER_TESTS, CLUSTER_TESTS, PACKAGING_TESTS, ...PROCESS_AND_VOLUME_TESTS]
      : SECOND_NODE_PASS
        ? ["**/node_modules/**", ...SAME_ON_EVERY_NODE]
        : ["**/node_modules/**"],
    globalSetup: UNIT_ONLY || SECOND_NODE_PASS ? [] : [CHROMIUM_SETUP],
    testTimeout: HANG_TIMEOUT_MS,
    hookTimeout: HANG_TIMEOUT_MS,
    fileParallelism: true,
    maxWorkers: MAX_WORKERS,
    isolate: false,
    // The workspace packages' built `dist/` (what a test of another package imports) is plain JavaScript
    // already: Node imports it as it would in production, instead of Vite transforming it for every run.
    server: { deps: { external: [WORKSPACE_DIST] } },
    ...timingReporters(),
    ...overrides,
  };
}
