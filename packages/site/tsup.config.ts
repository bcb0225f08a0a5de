import { libraryConfig } from "@connector/tsup-config";

// Private, used only by the server: ESM only.
export default libraryConfig({ index: "src/index.ts" }, { format: ["esm"] });
