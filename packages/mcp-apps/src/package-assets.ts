import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * This package's `assets/` folder. This module sits one level below the package root both as source
 * (`src/package-assets.ts`) and bundled (`dist/index.js`), so the same relative URL finds it.
 */
const ASSET_DIR = new URL("../assets/", import.meta.url);

/** A file of `assets/`, read once at start (the cards and icons never change while the service runs). */
export function readPackageAsset(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(name, ASSET_DIR)));
}
