import { libraryConfig } from "@connector/build-config";

// An application, not a library: ESM only, no declarations.
export default libraryConfig({ main: "src/main.ts" }, { format: ["esm"], dts: false });
