import { libraryConfig } from "@connector/build-config";

// oauth4webapi is ESM-only; the CommonJS build `require`s it like any dependency, which every Node this
// package supports (22.14 and later load ES modules through `require`) does.
export default libraryConfig({
  index: "src/index.ts",
  mcp: "src/mcp.ts",
  "file-token-store": "src/file-token-store.ts",
  "loopback-callback": "src/loopback-callback.ts",
});
