#!/usr/bin/env node
// `connector-declarations`: the second step of a published package's `build` (after tsdown), run in the package's folder.
//
// A bundler's declaration step builds each package's TypeScript program in the JavaScript compiler and
// bundles its declarations: most of a cold build's CPU (issue 21). Here TypeScript 7, the native
// compiler, type-checks the entries and emits their
// declarations (about a seventh of the CPU for core), and rollup-plugin-dts bundles those `.d.ts`
// files, the input it is made for, into the files tsdown wrote: one per entry and format beside the
// JavaScript (`index.d.ts` for ESM, `index.d.cts` for CommonJS), shared chunks `[name]-[hash]`.
// The entries and formats are read from the package's own `tsdown.config.ts`, so they are listed once.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { bundleRequire } from "bundle-require";
import { rollup } from "rollup";
import { dts } from "rollup-plugin-dts";

const packageDir = process.cwd();
const require = createRequire(import.meta.url);

/** Each tsdown config of the package (a file may export one or a list), as `{ entry, formats }`. */
async function readBuilds() {
  const { mod } = await bundleRequire({ filepath: join(packageDir, "tsdown.config.ts") });
  const exported = mod.default ?? mod;
  return (Array.isArray(exported) ? exported : [exported]).map((config) => ({
    entry: config.entry,
    formats: [config.format ?? "cjs"].flat(),
  }));
}

/**
 * Declarations for `sources` into `outDir` (mirroring the package's folders), by TypeScript 7 with the
 * package's own compiler options. `noEmitOnError`: a type error fails the build and writes nothing,
 * as a bundler's declaration step would; this is the type-check `pnpm test` runs.
 */
/** Inside the package, so its `types` resolve from its own node_modules as for `tsc -p tsconfig.json`. */
const configDir = join(packageDir, "node_modules", ".cache", "connector-declarations");

function emitDeclarations(sources, outDir) {
  const config = join(configDir, "tsconfig.json");
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(packageDir, "tsconfig.json"),
      files: sources,
      include: [],
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        declarationMap: false,
        noEmitOnError: true,
        rootDir: packageDir,
        outDir,
      },
    }),
  );
  const typescript = require.resolve("typescript/package.json");
  const tsc = join(dirname(typescript), require(typescript).bin.tsc);
  const result = spawnSync(process.execPath, [tsc, "-p", config], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`TypeScript found errors (exit ${result.status ?? result.signal})`);
}

/**
 * The names in a `"type": "module"` package (every published one here): `[entry].d.ts` / `.d.cts` per
 * format, shared chunks `[name]-[hash]` with the same ending. A CommonJS package would need `.d.mts` / `.d.ts`.
 */
const ENDING = { esm: ".d.ts", cjs: ".d.cts" };

function expectModulePackage() {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  if (manifest.type !== "module") throw new Error(`${manifest.name}: declarations are named for "type": "module" packages only`);
}
const chunkName = (ending) => (chunk) => `${chunk.name.replace(/\.d$/, "")}-[hash]${ending}`;

async function bundle(entry, formats, emitted) {
  const input = Object.fromEntries(
    Object.entries(entry).map(([name, source]) => [name, join(emitted, relative(packageDir, resolve(packageDir, source))).replace(/\.tsx?$/, ".d.ts")]),
  );
  // Every bare specifier (a dependency, a Node built-in) stays an import, as tsdown left it.
  const build = await rollup({ input, plugins: [dts()], external: (id) => !id.startsWith(".") && !isAbsolute(id) });
  for (const format of formats) {
    const ending = ENDING[format];
    if (ending === undefined) throw new Error(`No declarations for the format ${format}`);
    await build.write({ dir: join(packageDir, "dist"), format: "es", entryFileNames: `[name]${ending}`, chunkFileNames: chunkName(ending) });
  }
  await build.close();
}

// Outside node_modules: rollup-plugin-dts keeps whatever resolves into a node_modules folder as an import.
const emitted = mkdtempSync(join(tmpdir(), "connector-declarations-"));
try {
  expectModulePackage();
  const builds = await readBuilds();
  const sources = [...new Set(builds.flatMap((build) => Object.values(build.entry).map((source) => resolve(packageDir, source))))];
  emitDeclarations(sources, emitted);
  for (const build of builds) await bundle(build.entry, build.formats, emitted);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(emitted, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
}
