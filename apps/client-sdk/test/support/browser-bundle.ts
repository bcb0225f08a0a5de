import { build } from "esbuild";

const DIST = new URL("../../dist/", import.meta.url);

/**
 * A built ESM entry bundled for browsers, as a browser app's bundler would (esbuild fails on any Node
 * built-in): an IIFE that puts the package's exports on `globalThis.ConnectorSDK`.
 */
export async function browserBundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [new URL(entry, DIST).pathname],
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "ConnectorSDK",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
