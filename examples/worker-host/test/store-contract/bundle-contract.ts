import { join } from "node:path";
import { build, type Plugin } from "esbuild";

const STORE_TESTS = join(import.meta.dirname, "..", "..", "..", "..", "packages", "store", "test");

/**
 * The store's test files whose blocks run on any database the store opens (`describe.each(TEST_DIALECTS)`
 * over `useDatabase`): the contract both dialects pass, run here on the Durable Object driver. Of each file
 * only the blocks that open a database run. `BULK_FILES` run too with `STORE_CONTRACT_BULK=1`. The store's
 * other files do not apply:
 * - `database.test.ts`, `test-databases.test.ts`, `availability.test.ts`: open databases by URL or path
 *   (`createDatabase`, `createTestDatabase`) and check files and templates on disk, which an object has not;
 * - `statement-cache.test.ts`, `statement-gc-stress.test.ts`: better-sqlite3's prepared statements;
 * - `pool-bounds.test.ts`: PostgreSQL's pool;
 * - `root-entry-driver-free.test.ts`: reads the store's build output.
 */
export const CONTRACT_FILES = [
  "account-store.test.ts",
  "agency-phone-escalation-stores.test.ts",
  "approved-offer-store.test.ts",
  "auth-grant-store.test.ts",
  "back-office-operations.test.ts",
  "buffered-rate-limit.test.ts",
  "draft-stores.test.ts",
  "exhausted-window-memo.test.ts",
  "idempotency-store.test.ts",
  "leased-counter-store.test.ts",
  "people-pages-operations.test.ts",
  "placement-search.test.ts",
  "prepared-query.test.ts",
  "rate-limit-store.test.ts",
  "seed-demo-data.test.ts",
] as const;

/**
 * Contract files that pass on the driver but are left out of `pnpm test`: each places a file of 12,000
 * accounts (about 20 s each in workerd, as on Node's SQLite), a bulk path the Worker host does not serve.
 */
export const BULK_FILES = ["placement-jobs.test.ts", "placement-uploads.test.ts"] as const;

const FILES_RUN = process.env.STORE_CONTRACT_BULK === "1" ? [...CONTRACT_FILES, ...BULK_FILES] : CONTRACT_FILES;

/** Where the test files' own imports go instead, in workerd. */
const IN_WORKERD: Record<string, string> = {
  vitest: join(import.meta.dirname, "workerd-vitest.ts"),
  "./support/database-fixture.js": join(import.meta.dirname, "durable-object-fixture.ts"),
  "../src/testing/index.js": join(import.meta.dirname, "store-testing.ts"),
};

const contractFiles: Plugin = {
  name: "store-contract-files",
  setup(build) {
    build.onResolve({ filter: /^virtual:store-contract-files$/ }, () => ({ path: "store-contract-files", namespace: "store-contract" }));
    build.onLoad({ filter: /.*/, namespace: "store-contract" }, () => ({
      contents: `export const CONTRACT_FILES = [${FILES_RUN.map(
        (file) => `[${JSON.stringify(file)}, () => import(${JSON.stringify(join(STORE_TESTS, file))})]`,
      ).join(",\n")}];`,
      resolveDir: STORE_TESTS,
      loader: "js",
    }));
    build.onResolve({ filter: /^(vitest|\.\/support\/database-fixture\.js|\.\.\/src\/testing\/index\.js)$/ }, (args) =>
      args.path === "vitest" || args.resolveDir === STORE_TESTS ? { path: IN_WORKERD[args.path]! } : undefined,
    );
  },
};

/**
 * The contract Worker as workerd loads it: one ES module with the store's test files, the store's source,
 * the Durable Object driver and `@vitest/expect`, written to `outfile`.
 */
export async function bundleContractWorker(outfile: string): Promise<void> {
  await build({
    entryPoints: [join(import.meta.dirname, "contract-worker.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["worker", "browser"],
    target: "es2022",
    external: ["cloudflare:workers"],
    plugins: [contractFiles],
    logLevel: "warning",
  });
}
