// `build`: the Worker as workerd loads it, one ES module (`dist/worker.js`) with core, the store, Kysely,
// Hono and sql.js inside, beside the SQLite engine (`dist/sql-wasm-browser.wasm`) it imports as a module.
// The browser conditions pick sql.js's build without Node's `fs`; no Node built-in may remain, as a
// Worker without `nodejs_compat` has none.
import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { build } from "esbuild";

await mkdir("dist", { recursive: true });
await build({
  entryPoints: ["src/worker.ts"],
  outfile: "dist/worker.js",
  bundle: true,
  format: "esm",
  platform: "browser",
  conditions: ["worker", "browser"],
  target: "es2022",
  external: ["*.wasm"],
  // sql.js (Emscripten) takes a global WorkerGlobalScope for a browser's worker and reads
  // `self.location.href` to find its files; workerd has the one but not the other. The engine comes in
  // through `instantiateWasm` here, so sql.js needs no location: it is told it is in no browser.
  define: { "globalThis.WorkerGlobalScope": "undefined" },
  logLevel: "warning",
});
await copyFile(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm-browser.wasm"), "dist/sql-wasm-browser.wasm");
