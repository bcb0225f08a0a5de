import { defineConfig } from "tsup";

/**
 * A published package's build: ESM and CJS with their declarations (so `exports` can offer both
 * to every consumer, checked by publint and "are the types wrong"), source maps, Node 20.
 * `entry` names each output after its subpath (`{ index: "src/index.ts", testing: "src/testing/index.ts" }`).
 */
export function libraryConfig(entry = { index: "src/index.ts" }, overrides = {}) {
  return defineConfig({
    entry,
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "node20",
    ...overrides,
  });
}
