import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createSharedTestDatabase, type TestDatabase } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLUSTER = join(import.meta.dirname, "../dist/cluster.js");

/** Three consecutive ports that were free a moment ago (the proxy and two processes). */
async function freePortRun(length: number): Promise<number> {
  for (;;) {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    if (port + length >= 65_535) continue;
    const free = await Promise.all(
      Array.from({ length }, (_, offset) => {
        const server = createServer();
        return new Promise<boolean>((resolve) => {
          server.once("error", () => resolve(false));
          server.listen(port + offset, "127.0.0.1", () => server.close(() => resolve(true)));
        });
      }),
    );
    if (free.every(Boolean)) return port;
  }
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  // Vitest puts Vite's BASE_URL ("/") in the environment; the command sets its own.
  const child = spawn(process.execPath, [CLUSTER, ...args], { env: { ...process.env, BASE_URL: undefined, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output, exited: once(child, "exit") };
}

describe("pnpm start:cluster", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSharedTestDatabase({ prefix: "cluster_cmd_" });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("runs N processes on their own ports behind a round-robin proxy, and SIGTERM stops them all", async () => {
    const port = await freePortRun(3);
    const cluster = run(["--processes", "2", "--port", String(port)], { DATABASE_URL: database.url });
    await new Promise<void>((resolve, reject) => {
      cluster.child.stdout.on("data", () => {
        if (cluster.output().includes(" behind ")) resolve();
      });
      cluster.exited.then(() => reject(new Error(`exited early:\n${cluster.output()}`)));
    });
    expect(cluster.output()).toContain(`http://127.0.0.1:${port + 1}, http://127.0.0.1:${port + 2}) behind http://127.0.0.1:${port}`);
    for (const target of [port, port + 1, port + 2]) {
      expect((await fetch(`http://127.0.0.1:${target}/readyz`)).status).toBe(200);
    }
    // Every process states the proxy's address as the issuer.
    const metadata = (await (await fetch(`http://127.0.0.1:${port + 2}/.well-known/oauth-authorization-server`)).json()) as { issuer: string };
    expect(metadata.issuer).toBe(`http://127.0.0.1:${port}`);

    cluster.child.kill("SIGTERM");
    const [code] = await cluster.exited;
    expect(code).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port + 1}/healthz`)).rejects.toThrow();
  });

  it("refuses a SQLite database: a SQLite file belongs to one process", async () => {
    const cluster = run(["--processes", "2"], { DATABASE_URL: "./data/never.db" });
    const [code] = await cluster.exited;
    expect(code).toBe(1);
    expect(cluster.output()).toContain("needs DATABASE_URL=postgres://");
  });
});
