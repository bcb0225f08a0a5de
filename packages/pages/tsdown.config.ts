import { copyFile, cp } from "node:fs/promises";
import { libraryConfig } from "@connector/build-config";

// `shims` gives the CommonJS build an `import.meta.url`, which finds ../assets and the guide. The
// developer guide is written once, in the repository's docs folder, and ships inside the build, so
// a deployed server needs no checkout; so do the pictures it shows (docs/images).
export default libraryConfig(
  { index: "src/index.ts" },
  {
    shims: true,
    onSuccess: async () => {
      await copyFile("../../docs/developer-guide.md", "dist/developer-guide.md");
      await cp("../../docs/images", "dist/images", { recursive: true });
    },
  },
);
