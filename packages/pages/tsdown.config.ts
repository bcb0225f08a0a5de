import { copyFile } from "node:fs/promises";
import { libraryConfig } from "@connector/build-config";

// `shims` gives the CommonJS build an `import.meta.url`, which finds ../assets and the guide. The
// developer guide is written once, in the repository's docs folder, and ships inside the build, so
// a deployed server needs no checkout.
export default libraryConfig(
  { index: "src/index.ts" },
  {
    shims: true,
    onSuccess: () => copyFile("../../docs/developer-guide.md", "dist/developer-guide.md"),
  },
);
