import { defineConfig } from "tsup";

export default defineConfig({
  // `testing` is a second entry (`@connector/store/testing`): other packages' tests reuse its
  // throwaway databases; it is never imported by production code.
  entry: { index: "src/index.ts", testing: "src/testing/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
});
