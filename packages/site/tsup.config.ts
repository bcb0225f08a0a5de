import { copyFile } from "node:fs/promises";
import { libraryConfig } from "@connector/tsup-config";

// Private, used only by the server: ESM only. The developer guide is written once, in the
// repository's docs folder, and ships inside the build, so a deployed server needs no checkout.
export default libraryConfig(
  { index: "src/index.ts" },
  {
    format: ["esm"],
    onSuccess: () => copyFile("../../docs/developer-guide.md", "dist/developer-guide.md"),
  },
);
