import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, it } from "vitest";
import { bundleContractWorker } from "./store-contract/bundle-contract.js";

// The store's contract tests (its test files' blocks that run on every dialect) run unchanged inside workerd,
// on the Durable Object driver: each block in an object of its own, whose SQLite the block migrates and
// seeds as the Node fixture does. Vitest cannot run in workerd, so the bundle brings Vitest's matchers and
// a small runner (`store-contract/workerd-vitest.ts`); this file reports each test under its own name.
interface TestResult {
  name: string;
  state: "pass" | "fail" | "skip";
  error?: { message: string; stack?: string };
}

const bundleDir = await mkdtemp(join(tmpdir(), "store-contract-"));
await bundleContractWorker(join(bundleDir, "contract.js"));
const worker = new Miniflare({
  modules: [{ type: "ESModule", path: join(bundleDir, "contract.js") }],
  modulesRoot: bundleDir,
  compatibilityDate: "2026-07-01",
  // Core's CSV parsing (csv-parse, which the placement files' tests reach) takes Node's Buffer as it
  // loads; the Desk tools host does not load it and runs without this flag.
  compatibilityFlags: ["nodejs_compat"],
  durableObjects: { CONTRACT: { className: "ContractObject", useSQLite: true } },
  cf: false,
});
const plan = (await (await worker.dispatchFetch("http://contract/plan")).json()) as { file: string; name: string; tests: string[] }[];

afterAll(async () => {
  await worker.dispose();
  await rm(bundleDir, { recursive: true, force: true });
});

describe.each(plan.map((block, index) => ({ ...block, index })))("the store's $file on a Durable Object: $name", (block) => {
  let results: Map<string, TestResult>;

  beforeAll(async () => {
    const response = await worker.dispatchFetch(`http://contract/run?block=${block.index}`, { method: "POST" });
    if (!response.ok) throw new Error(`block ${block.index} did not run: ${await response.text()}`);
    results = new Map(((await response.json()) as TestResult[]).map((result) => [result.name, result]));
  });

  for (const name of block.tests) {
    it(name, ({ skip }) => {
      const result = results.get(name);
      if (result === undefined) throw new Error("The block did not report this test.");
      if (result.state === "skip") skip();
      if (result.state === "fail") throw Object.assign(new Error(result.error?.message), { stack: result.error?.stack });
    });
  }
});
