import { join } from "node:path";
import { itServesTheDeskTools } from "@connector/testkit/desk-tools-host";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe } from "vitest";

// The built Worker (`pnpm build`: dist/worker.js and the SQLite engine beside it) in workerd, Cloudflare's
// runtime, through Miniflare: nothing of Node inside, called over HTTP on loopback as a client would.
const DIST = join(import.meta.dirname, "..", "dist");
const keys = { deskReader: randomKey(), deskOwner: randomKey(), resolveUser: randomKey() };

let worker: Miniflare;
let url: string;

beforeAll(async () => {
  worker = new Miniflare({
    modules: [
      { type: "ESModule", path: join(DIST, "worker.js") },
      { type: "CompiledWasm", path: join(DIST, "sql-wasm-browser.wasm") },
    ],
    modulesRoot: DIST,
    compatibilityDate: "2026-07-01",
    bindings: { DESK_READER_KEY: keys.deskReader, DESK_OWNER_KEY: keys.deskOwner, RESOLVE_USER_KEY: keys.resolveUser },
    // Miniflare would otherwise fetch the `request.cf` object from Cloudflare: this test stays on loopback.
    cf: false,
    host: "127.0.0.1",
    port: 0,
  });
  url = (await worker.ready).origin;
});

afterAll(async () => {
  await worker?.dispose();
});

describe("the Desk tools as a Cloudflare Worker (workerd, SQLite in the isolate's memory)", () => {
  itServesTheDeskTools(() => ({ url, keys }));
});

function randomKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
}
