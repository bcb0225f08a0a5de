import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Asset, registerAsset } from "@connector/ui";
import { packageFile } from "./package-file.js";

/** swagger-ui-dist's folder, found through its package.json (the package has no `exports`). */
const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const OWN_ASSETS = packageFile("assets");

const JS = "text/javascript; charset=utf-8";

export interface ReferenceAssets {
  stylesheet: Asset;
  /** Our contrast fixes and hidden try-it-out controls, after Swagger UI's own stylesheet. */
  adjustments: Asset;
  bundle: Asset;
  start: Asset;
}

let loaded: ReferenceAssets | undefined;

/**
 * The API reference renderer's files, served by the service itself under hashed names (no CDN):
 * swagger-ui-dist's bundle and stylesheet, and our small start script. Read once, on first use.
 */
export function referenceAssets(): ReferenceAssets {
  loaded ??= {
    stylesheet: registerAsset("swagger-ui", "css", "text/css; charset=utf-8", readFileSync(join(SWAGGER_DIR, "swagger-ui.css"))),
    adjustments: registerAsset("api-reference", "css", "text/css; charset=utf-8", readFileSync(join(OWN_ASSETS, "api-reference.css"))),
    bundle: registerAsset("swagger-ui-bundle", "js", JS, readFileSync(join(SWAGGER_DIR, "swagger-ui-bundle.js"))),
    start: registerAsset("api-reference", "js", JS, readFileSync(join(OWN_ASSETS, "api-reference.js"))),
  };
  return loaded;
}
