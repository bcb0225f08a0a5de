import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { itServesTheDeskTools } from "@connector/testkit/desk-tools-host";
import { afterAll, beforeAll, describe } from "vitest";

// The host under Bun itself: the `bun` package's binary (installed from the registry with the workspace),
// running src/main.ts with `bun:sqlite` in memory, called over HTTP on loopback as a client would.
const BUN = join(dirname(createRequire(import.meta.url).resolve("bun/package.json")), "bin", "bun.exe");
const MAIN = join(import.meta.dirname, "..", "src", "main.ts");
const keys = { deskReader: randomKey(), deskOwner: randomKey(), resolveUser: randomKey() };
const output: string[] = [];

let bun: ChildProcess;
let url: string;

beforeAll(async () => {
  bun = spawn(BUN, [MAIN], {
    env: {
      ...process.env,
      BUN_HOST_PORT: "0",
      BUN_HOST_PRINT_KEYS: "0",
      BUN_HOST_DESK_READER_KEY: keys.deskReader,
      BUN_HOST_DESK_OWNER_KEY: keys.deskOwner,
      BUN_HOST_RESOLVE_USER_KEY: keys.resolveUser,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  bun.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = once(bun, "exit").then(([code]) => {
    throw new Error(`bun exited (${code}) before it listened:\n${output.join("")}`);
  });
  const listening = (async () => {
    for await (const line of createInterface({ input: bun.stdout! })) {
      output.push(`${line}\n`);
      if (line.startsWith("{")) return (JSON.parse(line) as { listening: string }).listening;
    }
    throw new Error(`bun closed its output before it listened:\n${output.join("")}`);
  })();
  url = await Promise.race([listening, exited]);
});

afterAll(async () => {
  if (bun !== undefined && bun.exitCode === null) {
    const exited = once(bun, "exit");
    bun.kill("SIGTERM");
    await exited;
  }
});

describe("the Desk tools on Bun (bun:sqlite)", () => {
  itServesTheDeskTools(() => ({ url, keys }));
});

function randomKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
}
