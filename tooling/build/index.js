import { defineConfig } from "tsdown";

/**
 * A published package's build: ESM and CJS with their declarations (so `exports` can offer both
 * to every consumer, checked by publint and "are the types wrong"), source maps, Node 22.
 * `entry` names each output after its subpath (`{ index: "src/index.ts", testing: "src/testing/index.ts" }`).
 *
 * Two steps in one turbo task (`build`: `tsdown && connector-declarations`): tsdown writes the JavaScript,
 * then `declarations.js` adds the declarations for the same entries and formats, read from this config.
 * File names stay those the packages' `exports` name: `[entry].js` for ESM (every package is
 * `"type": "module"`), `[entry].cjs` for CommonJS, shared chunks beside them.
 */
export function libraryConfig(entry = { index: "src/index.ts" }, overrides = {}) {
  return defineConfig({
    entry,
    format: ["esm", "cjs"],
    platform: "node",
    // Declarations come from `connector-declarations` (TypeScript 7), not from tsdown.
    dts: false,
    clean: true,
    sourcemap: true,
    target: "node22",
    fixedExtension: false,
    // The build prints no size table: turbo shows each package's output, and it was most of the log.
    report: false,
    ...overrides,
  });
}
