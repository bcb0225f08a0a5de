// `build`: the Worker as workerd loads it, one ES module (`dist/worker.js`) with core, the store, Kysely and
// Hono inside; `cloudflare:workers` (the Durable Object base class) is the runtime's own. No Node built-in
// may remain, as a Worker without `nodejs_compat` has none.
import { rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/worker.ts"],
  outfile: "dist/worker.js",
  bundle: true,
  format: "esm",
  platform: "browser",
  conditions: ["worker", "browser"],
  target: "es2022",
  external: ["cloudflare:workers"],
  logLevel: "warning",
});
