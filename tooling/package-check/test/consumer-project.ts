import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
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

/** pnpm's output on success; on failure an error that carries what pnpm printed (it reports most errors on stdout). */
export const pnpm = (args: string[], cwd: string) => {
  const run = pinnedPnpm(args);
  const result = spawnSync(run.command, run.args, { cwd, encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
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
 * An empty project outside the workspace that depends on every tarball (overrides point the
 * packages' dependencies on each other at the tarballs too, as the registry would), installed with
 * pnpm's strict layout: a package importing something it does not declare fails here. pnpm 11 reads
 * its settings (the overrides, which build scripts may run) from the project's `pnpm-workspace.yaml`.
 */
export function installConsumer(dir: string, tarballs: Map<string, string>): void {
  mkdirSync(dir, { recursive: true });
  const files = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
  const manifest = {
    name: "stranger",
    private: true,
    type: "module",
    dependencies: { ...files, typescript: "~5.9.3", "@types/node": "^24.10.0" },
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // JSON is YAML. The same build-script answers as the workspace's own (pnpm-workspace.yaml, `allowBuilds`).
  const settings = { overrides: files, allowBuilds: { "better-sqlite3": false, "@scarf/scarf": false } };
  writeFileSync(join(dir, "pnpm-workspace.yaml"), `${JSON.stringify(settings, null, 2)}\n`);
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
