import { libraryConfig } from "@connector/build-config";

// One entry per driver, so the root (`index`) imports none: `sqlite` (better-sqlite3), `postgres` (pg),
// and `node`, which loads one of them when a database URL names it.
// `testing` (`@connector/store/testing`): other packages' tests reuse its throwaway databases; it is never
// imported by production code.
// Shims: the testing entry finds its own code through `import.meta.url`, also in the CJS build.
export default libraryConfig(
  { index: "src/index.ts", sqlite: "src/sqlite.ts", postgres: "src/postgres.ts", node: "src/node.ts", testing: "src/testing/index.ts" },
  { shims: true },
);
