import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

// The store's root is what a host on Workers or Bun imports (issue 38): it may load kysely, core and its
// own files, never a database driver or a Node built-in; those are in the driver entries, which a host
// imports only when it chooses them. Read from what is published (dist), following each file's imports.
const DIST = join(import.meta.dirname, "..", "dist");
const DRIVERS = new Set(["pg", "better-sqlite3"]);
const NODE_BUILTINS = new Set(builtinModules);
const STATIC = /\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\brequire\s*\(\s*["']([^"']+)["']\s*\)/gm;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every module `entry` loads, following its relative imports (and, when asked, its dynamic ones). */
function loadedModules(entry: string, followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(STATIC)].map((match) => (match[1] ?? match[2] ?? match[3])!);
    if (followDynamic) specifiers.push(...[...source.matchAll(DYNAMIC)].map((match) => match[1]!));
    for (const specifier of specifiers) {
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(join(DIST, entry));
  return packages;
}

const isDriverOrBuiltin = (specifier: string) =>
  DRIVERS.has(specifier) || specifier.startsWith("node:") || NODE_BUILTINS.has(specifier.split("/")[0]!);

describe("the store's entries", () => {
  it.each(["index.js", "index.cjs"])("root (%s) loads no database driver and no Node built-in, even lazily", (entry) => {
    const loaded = loadedModules(entry, true);
    expect(loaded).toContain("kysely");
    expect([...loaded].filter(isDriverOrBuiltin)).toEqual([]);
  });

  it("the Node default loads better-sqlite3 and pg only when a URL chooses one (a dynamic import)", () => {
    expect([...loadedModules("node.js", false)].filter((name) => DRIVERS.has(name))).toEqual([]);
    expect([...loadedModules("node.js", true)].filter((name) => DRIVERS.has(name)).sort()).toEqual(["better-sqlite3", "pg"]);
  });

  it("each driver entry loads its own driver", () => {
    expect(loadedModules("sqlite.js", false)).toContain("better-sqlite3");
    expect(loadedModules("postgres.js", false)).toContain("pg");
  });
});
