import { defineConfig } from "tsup";

/**
 * A published package's build: ESM and CJS with their declarations (so `exports` can offer both
 * to every consumer, checked by publint and "are the types wrong"), source maps, Node 20.
 * `entry` names each output after its subpath (`{ index: "src/index.ts", testing: "src/testing/index.ts" }`).
 *
 * Two steps, two turbo tasks: `tsup` (`build:js`) writes the JavaScript, and `connector-declarations`
 * (`build:types`, `declarations.js`) adds the declarations for the same entries and formats, read from
 * this config. Declarations cost most of a cold build (a type-check per package) and nothing runs on
 * them, so the tests start once the JavaScript exists while the declarations are written beside them
 * (issue 21). `build` is both.
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
