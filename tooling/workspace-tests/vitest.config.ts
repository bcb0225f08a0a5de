import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { TEST_FILES, testConfig } from "@connector/vitest-config";

const ROOT = join(import.meta.dirname, "../..");
/** The workspace's folders, as pnpm-workspace.yaml lists them (`- packages/*` under `packages:`). */
const GROUPS = [...readFileSync(join(ROOT, "pnpm-workspace.yaml"), "utf8").matchAll(/^\s+- "?([\w-]+)\/\*"?\s*$/gm)].map(
  (match) => match[1]!,
);
if (GROUPS.length === 0) throw new Error("pnpm-workspace.yaml lists no `folder/*` packages: the workspace run would find no tests");
/** Packages whose tests are turbo tasks of their own: the server's `test` and `test:cluster`, the tarball checks. */
const OWN_TASKS = new Set(["@connector/server", "@connector/package-check", "@connector/workspace-tests"]);

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** A package's `vitest.config.ts` with the shared settings alone, which this run applies as they are. */
const SHARED_SETTINGS_ONLY = /^export default testConfig\(\);$/m;

/**
 * The folders (from the workspace root) of every workspace package with a `vitest.config.ts` whose tests
 * have no task of their own. Each must be a devDependency here, so turbo builds it (and what it uses) before
 * this run: a package left out would otherwise be tested against a missing or stale `dist/`, or not at all,
 * and `pnpm test` says so instead. Each must use the shared settings alone: this run would not apply its own.
 */
function packagesWithTests(): string[] {
  const dependencies = manifest(import.meta.dirname).devDependencies ?? {};
  const folders: string[] = [];
  for (const group of GROUPS) {
    for (const entry of readdirSync(join(ROOT, group), { withFileTypes: true })) {
      const dir = join(ROOT, group, entry.name);
      const config = join(dir, "vitest.config.ts");
      if (!entry.isDirectory() || !existsSync(config)) continue;
      const { name } = manifest(dir);
      if (OWN_TASKS.has(name)) continue;
      if (!(name in dependencies)) {
        throw new Error(`${name} has tests: add it to tooling/workspace-tests' devDependencies ("workspace:*") so turbo builds it first`);
      }
      if (!SHARED_SETTINGS_ONLY.test(readFileSync(config, "utf8"))) {
        throw new Error(`${relative(ROOT, config)} sets options of its own, which the workspace run would not apply: put them in tooling/vitest, or give ${name} a test task of its own`);
      }
      folders.push(relative(ROOT, dir));
    }
  }
  return folders;
}

/**
 * Every package's tests but those with tasks of their own, in one Vitest run and one project, so the two
 * workers run any package's files and keep what they imported for the next file, whichever package it is
 * from. As one project per package, each package's files ran on workers of their own that imported Vitest and
 * the shared dependencies again, and the packages went one after another; one project cost a sixth less CPU
 * and a few seconds less (docs/decisions.md, "Testing"). A file's path names its package
 * (`packages/core/test/…`). A package's own `vitest.config.ts` is for running it alone:
 * `pnpm --filter <name> exec vitest run`, or a folder as a filter here (`vitest run packages/core`).
 */
export default testConfig({
  root: ROOT,
  // This folder's own tests check the workspace as a whole (the paths the documents cite).
  include: [...packagesWithTests(), relative(ROOT, import.meta.dirname)].map((dir) => `${dir}/${TEST_FILES}`),
});
