import { defineConfig } from "tsup";

const entry = {
  index: "src/index.ts",
  mcp: "src/mcp.ts",
  "file-token-store": "src/file-token-store.ts",
};

// ESM keeps its dependencies external. oauth4webapi is ESM-only, so the CommonJS build carries its
// own copy (a `require` of it fails on Node before 20.19). Shared code is split into chunks so the
// entries use one copy of each class.
export default defineConfig([
  { entry, format: ["esm"], dts: true, sourcemap: true, splitting: true, target: "es2022", platform: "node" },
  {
    entry,
    format: ["cjs"],
    dts: true,
    sourcemap: true,
    splitting: true,
    target: "es2022",
    platform: "node",
    noExternal: ["oauth4webapi"],
  },
]);
