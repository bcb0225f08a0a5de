import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Core is embedded in hosts that are not Node (issue 20): its built files may import npm packages
// and each other, never a Node built-in. The check reads what is published (dist), not the sources,
// so a bundler-introduced import would be caught too. Tests run after the build (turbo's `test`
// depends on `build`).
const DIST = join(import.meta.dirname, "..", "dist");
const NODE_BUILTINS = new Set(builtinModules);
const SPECIFIER = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\brequire\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function builtFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function importedModules(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4])!);
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith("node:") || NODE_BUILTINS.has(specifier.split("/")[0]!);
}

describe("core's built files", () => {
  const files = builtFiles(DIST);

  it("include the ESM and CommonJS builds", () => {
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    expect(files.some((file) => file.endsWith(".cjs"))).toBe(true);
  });

  it("import and require no Node built-in", () => {
    const offenders = files.flatMap((file) =>
      importedModules(readFileSync(file, "utf8"))
        .filter(isNodeBuiltin)
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it("name no Node-only global", () => {
    const offenders = files.filter((file) => /\bBuffer\.|\bprocess\.(env|versions|nextTick)\b/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("recognise a Node built-in when one is there", () => {
    expect(importedModules('import { createHash } from "node:crypto";\nconst fs = require("fs");').filter(isNodeBuiltin)).toEqual([
      "node:crypto",
      "fs",
    ]);
  });
});
