import { libraryConfig } from "@connector/tsup-config";

const entry = {
  index: "src/index.ts",
  mcp: "src/mcp.ts",
  "file-token-store": "src/file-token-store.ts",
};

// Two builds, because oauth4webapi is ESM-only: ESM keeps it (and every dependency) external, while
// the CommonJS build carries its own copy (a `require` of it fails on Node before 20.19). Shared code
// is split into chunks so the entries use one copy of each class. `build` empties dist/ first, so
// neither build cleans (they run side by side).
export default [
  libraryConfig(entry, { format: ["esm"], splitting: true, clean: false }),
  libraryConfig(entry, { format: ["cjs"], splitting: true, clean: false, noExternal: ["oauth4webapi"] }),
];
