import { libraryConfig } from "@connector/build-config";

// `shims` gives the CommonJS build an `import.meta.url`, which the asset loader uses to find ../assets.
export default libraryConfig({ index: "src/index.ts" }, { shims: true });
