import { libraryConfig } from "@connector/tsup-config";

// `testing` is a second entry (`@connector/store/testing`): other packages' tests reuse its
// throwaway databases; it is never imported by production code.
export default libraryConfig({ index: "src/index.ts", testing: "src/testing/index.ts" });
