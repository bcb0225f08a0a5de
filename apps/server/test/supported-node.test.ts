import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unsupportedNodeMessage } from "../src/supported-node.js";

/** The machine's own Node (Debian's), when it is one this server refuses: Node 20 on this kind of machine. */
const SYSTEM_NODE = "/usr/bin/node";
const systemNodeVersion = existsSync(SYSTEM_NODE) ? execFileSync(SYSTEM_NODE, ["-p", "process.versions.node"], { encoding: "utf8" }).trim() : undefined;
const systemNodeUnsupported = systemNodeVersion !== undefined && unsupportedNodeMessage(systemNodeVersion) !== undefined;

describe("the Node the server runs on", () => {
  it("accepts 22.14 and later, and refuses 20 and 22.13, where better-sqlite3 13 crashes", () => {
    for (const version of ["22.14.0", "22.23.3", "24.0.0", "24.21.0", "26.10.0"]) expect(unsupportedNodeMessage(version), version).toBeUndefined();
    for (const version of ["20.20.2", "22.13.1", "22.0.0", "18.20.0"]) {
      expect(unsupportedNodeMessage(version), version).toMatch(
        new RegExp(`^This server needs Node.js 22.14 or later \\(24 recommended\\); this is Node.js ${version.replaceAll(".", "\\.")}\\. Without installing one: npx --yes -p node@24 -- node `),
      );
    }
  });

  it.skipIf(!systemNodeUnsupported)("started on an older Node, the server and create-user say which Node to use in one line and exit 1", () => {
    for (const entry of ["main.js", "create-user.js"]) {
      const run = spawnSync(SYSTEM_NODE, [join(import.meta.dirname, "../dist", entry), "--help"], { encoding: "utf8", timeout: 30_000 });
      expect(run.status, entry).toBe(1);
      expect(run.signal, entry).toBeNull();
      expect(run.stdout, entry).toBe("");
      expect(run.stderr.trim().split("\n"), entry).toEqual([unsupportedNodeMessage(systemNodeVersion!)!.replace(/node \S+$/, `node ${join(import.meta.dirname, "../dist", entry)}`)]);
    }
  });
});
