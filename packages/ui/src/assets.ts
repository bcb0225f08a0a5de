import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { zoneLabel } from "./time/zone-label.js";

/** A file the service serves itself under `/assets/`, named by a hash of its bytes so it can be cached for a year. */
export interface Asset {
  /** e.g. `/assets/site.3f9a1c2b7d.css`: a new file name whenever the bytes change. */
  path: string;
  contentType: string;
  body: Buffer;
}

/** Where the assets are served from; nothing else lives under it. */
export const ASSET_PREFIX = "/assets/";

/**
 * The package's `assets/` folder. This module sits one level below the package root both as source
 * (`src/assets.ts`) and bundled (`dist/index.js`), so the same relative URL finds it.
 */
const ASSET_DIR = fileURLToPath(new URL("../assets/", import.meta.url));

function hashed(name: string, extension: string, contentType: string, body: Buffer): Asset {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  return { path: `${ASSET_PREFIX}${name}.${hash}.${extension}`, contentType, body };
}

function loadStylesheet(): Asset {
  const dir = join(ASSET_DIR, "css");
  // The stylesheet is written as a few short files, one concern each, and served as one.
  const parts = readdirSync(dir)
    .filter((file) => file.endsWith(".css"))
    .sort()
    .map((file) => readFileSync(join(dir, file)));
  return hashed("site", "css", "text/css; charset=utf-8", Buffer.concat(parts));
}

/** The one stylesheet of every page. */
export const STYLESHEET: Asset = loadStylesheet();

/** The copy buttons' script. */
export const COPY_SCRIPT: Asset = hashed(
  "copy",
  "js",
  "text/javascript; charset=utf-8",
  readFileSync(join(ASSET_DIR, "copy.js")),
);

/**
 * The time-zone script: tells the server the browser's zone and shows this page's times in it. It names a
 * zone with the server's own `zoneLabel`, whose source is prepended to it, so page and script cannot drift.
 */
export const LOCAL_TIME_SCRIPT: Asset = hashed(
  "local-time",
  "js",
  "text/javascript; charset=utf-8",
  // In a block, so the name stays the script's own: no global, whichever page or card document runs it.
  Buffer.concat([Buffer.from(`{\nconst zoneLabel = ${zoneLabel.toString()};\n`), readFileSync(join(ASSET_DIR, "local-time.js")), Buffer.from("}\n")]),
);

/** A refused form's focus: the error summary in view, the first wrong field focused. */
export const FORM_ERRORS_SCRIPT: Asset = hashed(
  "form-errors",
  "js",
  "text/javascript; charset=utf-8",
  readFileSync(join(ASSET_DIR, "form-errors.js")),
);

/** The tab icon; linked from every page, so browsers do not ask for /favicon.ico. */
export const FAVICON: Asset = hashed("favicon", "svg", "image/svg+xml", readFileSync(join(ASSET_DIR, "favicon.svg")));

const registry = new Map<string, Asset>([STYLESHEET, COPY_SCRIPT, LOCAL_TIME_SCRIPT, FORM_ERRORS_SCRIPT, FAVICON].map((asset) => [asset.path, asset]));

/**
 * Adds a file to serve (e.g. an API reference renderer's bundle), hashed like the rest; returns it
 * with its path. Registering the same bytes twice gives the same asset.
 */
export function registerAsset(name: string, extension: string, contentType: string, body: Buffer): Asset {
  const asset = hashed(name, extension, contentType, body);
  registry.set(asset.path, asset);
  return asset;
}

export function findAsset(path: string): Asset | undefined {
  return registry.get(path);
}
