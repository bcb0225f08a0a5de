import { libraryConfig } from "@connector/build-config";

// `testing` is a second entry (`@connector/store/testing`): other packages' tests reuse its
// throwaway databases; it is never imported by production code.
// Shims: the testing entry finds its own code through `import.meta.url`, also in the CJS build.
export default libraryConfig({ index: "src/index.ts", testing: "src/testing/index.ts" }, { shims: true });
