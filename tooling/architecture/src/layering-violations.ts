import { ASSEMBLIES, ASSEMBLY_FOLDERS, MAY_DEPEND_ON, OPEN_TELEMETRY_API, TOOLING_FOLDERS } from "./layers.js";
import type { WorkspacePackage } from "./workspace-graph.js";

/** Each dependency or import that goes where the layers do not allow, in words a reader can act on. */
export function layeringViolations(packages: readonly WorkspacePackage[], rules = MAY_DEPEND_ON): string[] {
  const problems: string[] = [];
  for (const pkg of packages) {
    const group = pkg.folder.split("/")[0]!;
    if (ASSEMBLIES.has(pkg.name) || ASSEMBLY_FOLDERS.includes(group) || TOOLING_FOLDERS.includes(group)) continue;
    const allowed = rules[pkg.name];
    if (allowed === undefined) {
      problems.push(`${pkg.name} (${pkg.folder}) has no place in the layers: add it to tooling/architecture/src/layers.ts`);
      continue;
    }
    for (const target of pkg.declared) {
      if (!allowed.includes(target)) problems.push(`${pkg.name} depends on ${target} (package.json), which its layer may not`);
    }
    for (const [target, file] of pkg.imported) {
      if (!allowed.includes(target)) problems.push(`${pkg.name} imports ${target} in ${file}, which its layer may not`);
    }
    for (const [target, where] of pkg.openTelemetry) {
      if (target !== OPEN_TELEMETRY_API) {
        problems.push(`${pkg.name} uses ${target} (${where}): a package uses OpenTelemetry's API alone, the SDK is the host's (apps/server)`);
      }
    }
  }
  return problems;
}
