import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { testConfig } from "@connector/vitest-config";

const ROOT = join(import.meta.dirname, "../..");
/** The workspace's folders, as pnpm-workspace.yaml lists them (`- packages/*` under `packages:`). */
const GROUPS = [...readFileSync(join(ROOT, "pnpm-workspace.yaml"), "utf8").matchAll(/^\s+- "?([\w-]+)\/\*"?\s*$/gm)].map(
  (match) => match[1]!,
);
if (GROUPS.length === 0) throw new Error("pnpm-workspace.yaml lists no `folder/*` packages: the workspace run would find no tests");
/** Packages whose tests are turbo tasks of their own: the server's `test` and `test:cluster`, the tarball checks. */
const OWN_TASKS = new Set(["@connector/server", "@connector/package-check", "@connector/workspace-tests"]);

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/**
 * Every workspace package with a `vitest.config.ts` whose tests have no task of their own. Each must be a
 * devDependency here, so turbo builds it (and what it uses) before this run: a package left out would
 * otherwise be tested against a missing or stale `dist/`, or not at all, and `pnpm test` says so instead.
 */
function workspaceProjects(): string[] {
  const dependencies = manifest(import.meta.dirname).devDependencies ?? {};
  const projects: string[] = [];
  for (const group of GROUPS) {
    for (const entry of readdirSync(join(ROOT, group), { withFileTypes: true })) {
      const dir = join(ROOT, group, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, "vitest.config.ts"))) continue;
      const { name } = manifest(dir);
      if (OWN_TASKS.has(name)) continue;
      if (!(name in dependencies)) {
        throw new Error(`${name} has tests: add it to tooling/workspace-tests' devDependencies ("workspace:*") so turbo builds it first`);
      }
      projects.push(relative(import.meta.dirname, dir));
    }
  }
  return projects;
}

/**
 * Every package's tests but those with tasks of their own, in one Vitest run: each package is a project
 * with its own `vitest.config.ts`, and the projects share one pool of two workers. One Vitest per package
 * started Vite, its workers and pnpm again for each of thirteen packages, about a quarter of these tests'
 * CPU (docs/decisions.md, issue 21). Run one package's tests with `pnpm --filter <name> exec vitest run`.
 */
export default testConfig({ projects: workspaceProjects() });
