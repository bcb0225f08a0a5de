import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pinnedPnpm } from "@connector/testkit";

export const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

export interface PublishedPackage {
  name: string;
  dir: string;
  manifest: { name: string; license?: string; exports: Record<string, unknown> };
}

/** Every workspace package that is not private: what `pnpm publish -r` would publish. */
export function publishedPackages(): PublishedPackage[] {
  const found: PublishedPackage[] = [];
  for (const group of ["packages", "apps"]) {
    for (const entry of readdirSync(join(ROOT, group))) {
      const dir = join(ROOT, group, entry);
      if (!existsSync(join(dir, "package.json"))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (manifest.private !== true) found.push({ name: manifest.name, dir, manifest });
    }
  }
  return found;
}

export const pnpm = (args: string[], cwd: string) => {
  const run = pinnedPnpm(args);
  return execFileSync(run.command, run.args, { cwd, encoding: "utf8", stdio: "pipe", env: { ...process.env, CI: "true" } });
};

/** `pnpm pack` of each package (workspace: and catalog: ranges become real versions), into `destination`. */
export function packAll(packages: PublishedPackage[], destination: string): Map<string, string> {
  mkdirSync(destination, { recursive: true });
  const filters = packages.flatMap((pkg) => ["--filter", pkg.name]);
  pnpm(["-r", ...filters, "pack", "--pack-destination", destination], ROOT);
  const tarballs = new Map<string, string>();
  for (const pkg of packages) {
    const file = `${pkg.name.replace(/^@/, "").replace("/", "-")}-${JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8")).version}.tgz`;
    tarballs.set(pkg.name, join(destination, file));
  }
  return tarballs;
}

/**
 * pnpm overrides that give `name` (as `fromDir` sees it) and everything under it the exact versions
 * the workspace installed, one `parent@version>child` pair per edge, so nothing else in the project
 * is touched and two versions of one parent keep their own children. Read from pnpm's layout: a
 * package's own dependencies are its siblings in `node_modules/.pnpm/<name>@<version>/node_modules`.
 */
export function installedVersionsUnder(name: string, fromDir: string): Record<string, string> {
  const overrides: Record<string, string> = {};
  const visit = (packageDir: string) => {
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    const siblings = manifest.name.startsWith("@") ? dirname(dirname(packageDir)) : dirname(packageDir);
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const dependencyDir = join(siblings, dependency);
      if (!existsSync(dependencyDir)) continue; // an optional dependency for another platform
      const edge = `${manifest.name}@${manifest.version}>${dependency}`;
      if (overrides[edge] !== undefined) continue;
      const resolved = realpathSync(dependencyDir);
      overrides[edge] = JSON.parse(readFileSync(join(resolved, "package.json"), "utf8")).version;
      visit(resolved);
    }
  };
  const root = realpathSync(join(fromDir, "node_modules", name));
  overrides[name] = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  visit(root);
  return overrides;
}

/**
 * An empty project outside the workspace that depends on every tarball (overrides point the
 * packages' dependencies on each other at the tarballs too, as the registry would), installed with
 * pnpm's strict layout: a package importing something it does not declare fails here.
 *
 * better-sqlite3 and what it installs with are pinned to the workspace's versions: pnpm then reuses
 * the addon the workspace's install compiled (its side-effects cache is keyed by the whole
 * dependency set) instead of compiling it again, a minute of both cores on the first run, whenever
 * the registry has a newer node-abi than the lockfile.
 */
export function installConsumer(dir: string, tarballs: Map<string, string>): void {
  mkdirSync(dir, { recursive: true });
  const files = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
  const manifest = {
    name: "stranger",
    private: true,
    type: "module",
    dependencies: { ...files, typescript: "~5.9.3", "@types/node": "^20.19.0" },
    pnpm: {
      overrides: { ...installedVersionsUnder("better-sqlite3", join(ROOT, "packages/store")), ...files },
      onlyBuiltDependencies: ["better-sqlite3"],
    },
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  pnpm(["install"], dir);
}

/** A consumer importing every entry (`import *`), and using a type, for `tsc` to resolve. */
export function writeConsumerSource(dir: string, packages: PublishedPackage[], file: string): void {
  const imports: string[] = [];
  for (const pkg of packages) {
    for (const subpath of Object.keys(pkg.manifest.exports)) {
      if (subpath === "./package.json") continue;
      imports.push(subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
    }
  }
  const lines = imports.map((specifier, index) => `import * as entry${index} from "${specifier}";`);
  lines.push(
    'import type { ConnectorClient } from "@connector/client";',
    `export const entries: object[] = [${imports.map((_, index) => `entry${index}`).join(", ")}];`,
    'export type AccountPage = Awaited<ReturnType<ConnectorClient["desk"]["listAccounts"]>>;',
  );
  writeFileSync(join(dir, file), `${lines.join("\n")}\n`);
}

/** A tsconfig for one resolution mode; strict, so an entry without types is an error (TS7016). */
export function writeTsconfig(dir: string, name: string, options: Record<string, string>, files: string[]): string {
  const compilerOptions = { strict: true, skipLibCheck: true, noEmit: true, target: "es2022", types: ["node"], ...options };
  writeFileSync(join(dir, name), JSON.stringify({ compilerOptions, files }, null, 2));
  return name;
}
