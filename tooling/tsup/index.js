import { defineConfig } from "tsup";

/**
 * A published package's build: ESM and CJS with their declarations (so `exports` can offer both
 * to every consumer, checked by publint and "are the types wrong"), source maps, Node 20.
 * `entry` names each output after its subpath (`{ index: "src/index.ts", testing: "src/testing/index.ts" }`).
 *
 * Two steps in one turbo task (`build`: `tsup && connector-declarations`): tsup writes the JavaScript,
 * then `declarations.js` adds the declarations for the same entries and formats, read from this config.
 * They were two tasks while the declarations cost most of a cold build, so tests could start on the
 * JavaScript alone; with TypeScript 7 they take about a second a package, less than what a second turbo
 * task costs to start (pnpm, about half a core-second on Node 20; issue 21).
 */
export function libraryConfig(entry = { index: "src/index.ts" }, overrides = {}) {
  return defineConfig({
    entry,
    format: ["esm", "cjs"],
    // Declarations come from `connector-declarations` (TypeScript 7), not from tsup.
    dts: false,
    clean: true,
    sourcemap: true,
    target: "node20",
    ...overrides,
  });
}
