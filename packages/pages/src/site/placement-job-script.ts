import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Asset, registerAsset } from "@connector/ui";
import { packageFile } from "./package-file.js";

let loaded: Asset | undefined;

/** The placement job page's script that shows the job moving (assets/placement-job.js), served under a hashed name. Read once. */
export function placementJobScript(): Asset {
  loaded ??= registerAsset("placement-job", "js", "text/javascript; charset=utf-8", readFileSync(join(packageFile("assets"), "placement-job.js")));
  return loaded;
}
