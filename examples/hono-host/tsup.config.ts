import { libraryConfig } from "@connector/tsup-config";

// An application, not a library: ESM only, no declarations.
export default libraryConfig({ main: "src/main.ts" }, { format: ["esm"], dts: false });
