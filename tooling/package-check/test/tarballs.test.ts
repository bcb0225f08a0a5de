import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { BrowserSession, giveConsent } from "@connector/testkit";
import { SECOND_NODE_PASS } from "@connector/vitest-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../../apps/server/src/demo-data.js";
import { freePort, type ServerProcess, startServerProcess } from "../../../apps/server/test/support/server-process.js";
import {
  installConsumer,
  type PublishedPackage,
  packAll,
  publishedPackages,
  ROOT,
  writeConsumerSource,
  writeTsconfig,
} from "./consumer-project.js";

let work: string;
let consumer: string;
let packages: PublishedPackage[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "connector-tarballs-"));
  packages = publishedPackages();
  const tarballs = packAll(packages, join(work, "tarballs"));
  consumer = join(work, "stranger");
  installConsumer(consumer, tarballs);
});
afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe("the published packages, installed from their tarballs into an empty project", () => {
  it("are every public workspace package, under the MIT license", () => {
    expect(packages.map((pkg) => pkg.name).sort()).toEqual([
      "@connector/api-v1",
      "@connector/auth",
      "@connector/client",
      "@connector/core",
      "@connector/http",
      "@connector/mcp-apps",
      "@connector/mcp-server",
      "@connector/pages",
      "@connector/rest-server",
      "@connector/store",
      "@connector/ui",
      "@connector/vendors",
      "@connector/workflow-engine",
    ]);
    for (const pkg of packages) expect(pkg.manifest.license, pkg.name).toBe("MIT");
  });

  it("load every entry with import (ESM) and with require (CommonJS)", () => {
    copyFileSync(new URL("../fixtures/check-entries.mjs", import.meta.url), join(consumer, "check-entries.mjs"));
    const results: Array<{ specifier: string; esm: string; cjs: string }> = JSON.parse(
      execFileSync(process.execPath, ["check-entries.mjs"], { cwd: consumer, encoding: "utf8" }),
    );
    const expected = packages.flatMap((pkg) =>
      Object.keys(pkg.manifest.exports)
        .filter((subpath) => subpath !== "./package.json")
        .map((subpath) => ({ specifier: subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`, esm: "ok", cjs: "ok" })),
    );
    expect(results.sort((a, b) => a.specifier.localeCompare(b.specifier))).toEqual(
      expected.sort((a, b) => a.specifier.localeCompare(b.specifier)),
    );
  });

  // tsc's answer, the same on every Node: CI's second pass leaves it to the first.
  it.skipIf(SECOND_NODE_PASS)("type-check in a consumer under moduleResolution node16 (ESM and CommonJS files) and bundler", () => {
    writeConsumerSource(consumer, packages, "consumer.mts");
    writeConsumerSource(consumer, packages, "consumer.cts");
    const tsc = join(consumer, "node_modules/typescript/bin/tsc");
    const configs = [
      writeTsconfig(consumer, "tsconfig.node16.json", { module: "node16", moduleResolution: "node16" }, ["consumer.mts", "consumer.cts"]),
      writeTsconfig(consumer, "tsconfig.bundler.json", { module: "esnext", moduleResolution: "bundler" }, ["consumer.mts"]),
    ];
    for (const config of configs) {
      const run = () => execFileSync(process.execPath, [tsc, "-p", config], { cwd: consumer, encoding: "utf8", stdio: "pipe" });
      expect(run, config).not.toThrow();
    }
  });

  describe("the client SDK's README example, run from the installed package", () => {
    let server: ServerProcess;
    let baseUrl: string;
    beforeAll(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      server = await startServerProcess(join(ROOT, "apps/server/dist/main.js"), {
        cwd: work,
        env: { PORT: String(port), DATABASE_URL: join(work, "connector.db") },
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("connects as the demo Desk owner, walks the 300 accounts, saves a draft and meets a 409", async () => {
      // As the README says: copy the shipped example out of node_modules (Node strips types only outside it) and run it.
      copyFileSync(join(consumer, "node_modules/@connector/client/examples/connect-desk.mts"), join(consumer, "connect-desk.mts"));
      const child = spawn(process.execPath, ["connect-desk.mts"], {
        cwd: consumer,
        env: { PATH: process.env.PATH ?? "", CONNECTOR_URL: baseUrl, CALLBACK_PORT: "0", TOKEN_FILE: join(work, "connection.json") },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const output: string[] = [];
      for await (const line of createInterface({ input: child.stdout })) {
        output.push(line);
        // The person's part: sign in and allow, as the example's printed instructions ask.
        if (line.startsWith(`${baseUrl}/oauth/authorize?`)) {
          const session = new BrowserSession(baseUrl);
          await session.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
          await (await fetch(await giveConsent(session, new URL(line)))).text();
        }
      }
      const code = child.exitCode ?? (await new Promise<number | null>((resolve) => child.on("exit", resolve)));
      expect(code).toBe(0);
      const text = output.join("\n");
      expect(text).toContain("accounts in total: 300");
      expect(text).toMatch(/draft [0-9a-f-]{36} is awaiting_review/);
      expect(text).toContain("409 idempotency_conflict");
    });
  });
});
