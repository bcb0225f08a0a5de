import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface WorkspacePackage {
  name: string;
  /** From the workspace root, e.g. `packages/auth`. */
  folder: string;
  /** Workspace packages named in `dependencies` (what installing it installs). */
  declared: string[];
  /** Workspace packages imported by its `src/` files, with the first file that does. */
  imported: Map<string, string>;
  /** OpenTelemetry's packages it depends on or imports, with where (`package.json` or the first file). */
  openTelemetry: Map<string, string>;
}

const WORKSPACE_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)["'](@connector\/[\w-]+)/g;
const OPEN_TELEMETRY_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)["'](@opentelemetry\/[\w-]+)/g;
const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry) ? [path] : [];
  });
}

/** The workspace's folders from pnpm-workspace.yaml (`- packages/*`). */
function workspaceFolders(root: string): string[] {
  const yaml = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const groups = [...yaml.matchAll(/^\s+- "?([\w-]+)\/\*"?\s*$/gm)].map((match) => match[1]!);
  return groups.flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, "package.json")))
      .map((entry) => `${group}/${entry.name}`),
  );
}

/** Every workspace package with what it declares and what its sources import. */
export function readWorkspaceGraph(root: string): WorkspacePackage[] {
  return workspaceFolders(root).map((folder) => {
    const manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const imported = new Map<string, string>();
    const dependencies = Object.keys(manifest.dependencies ?? {});
    const openTelemetry = new Map(dependencies.filter((name) => name.startsWith("@opentelemetry/")).map((name) => [name, "package.json"]));
    for (const file of sourceFiles(join(root, folder, "src"))) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(WORKSPACE_IMPORT)) {
        const target = match[1]!;
        if (target !== manifest.name && !imported.has(target)) imported.set(target, relative(root, file));
      }
      for (const match of source.matchAll(OPEN_TELEMETRY_IMPORT)) {
        if (!openTelemetry.has(match[1]!)) openTelemetry.set(match[1]!, relative(root, file));
      }
    }
    const declared = dependencies.filter((name) => name.startsWith("@connector/"));
    return { name: manifest.name, folder, declared, imported, openTelemetry };
  });
}
