import { libraryConfig } from "@connector/tsup-config";

export default libraryConfig({ index: "src/index.ts" });
