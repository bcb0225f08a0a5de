import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Asset, registerAsset } from "@connector/ui";
import { packageFile } from "./package-file.js";

let loaded: Asset | undefined;

/** The place screen's script that sends a big CSV in parts (assets/place-upload.js), served under a hashed name. Read once. */
export function placeUploadScript(): Asset {
  loaded ??= registerAsset("place-upload", "js", "text/javascript; charset=utf-8", readFileSync(join(packageFile("assets"), "place-upload.js")));
  return loaded;
}
