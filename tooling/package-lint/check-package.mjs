#!/usr/bin/env node
// Run as a package's `check-packages` script, in that package's folder. Both linters can pack the
// package themselves (`publint --pack`, `attw --pack`), which packed it twice: packing once and
// handing both the tarball saves a second pack per package (issue 21).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = (name) => join(dirname(fileURLToPath(import.meta.url)), "node_modules", ".bin", name);
const run = (command, args) => execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });

/**
 * `pnpm pack` into `destination` (the tarball `pnpm publish` would upload: `workspace:` and `catalog:`
 * ranges written out as versions); the tarball's path. The pnpm that runs this script (`npm_execpath`)
 * packs, so no second package manager starts: `npm pack` cost twice as much CPU (issue 21).
 */
function pack(destination) {
  const pnpm = process.env.npm_execpath;
  if (pnpm === undefined || !/\bpnpm\b/.test(pnpm)) {
    throw new Error("Run check-package as a pnpm package script (pnpm run check-packages), which names pnpm in npm_execpath.");
  }
  const packed = spawnSync(process.execPath, [pnpm, "pack", "--json", "--pack-destination", destination], { encoding: "utf8" });
  if (packed.status !== 0) throw new Error(`pnpm pack failed (exit ${packed.status}):\n${packed.stdout}${packed.stderr}`);
  return JSON.parse(packed.stdout).filename;
}

// publint and attw read the tarball's files, never run them: their answer is the same on every Node, so CI's second
// pass, on another Node (`TEST_NODE_PASS=second`, `.ci/run`), leaves it to the first (SAME_ON_EVERY_NODE in tooling/vitest).
if (process.env.TEST_NODE_PASS === "second") {
  console.log("check-package: publint and attw read files, not Node: checked in the first pass.");
  process.exit(0);
}

const destination = mkdtempSync(join(tmpdir(), "check-package-"));
try {
  const tarball = pack(destination);
  run(bin("publint"), ["run", "--strict", tarball]);
  run(bin("attw"), [tarball, "--profile", "node16"]);
} catch (error) {
  // A linter has printed what is wrong, and its exit status is the answer; anything else is printed here.
  if (typeof error.status === "number") process.exitCode = error.status;
  else {
    process.exitCode = 1;
    console.error(error.message);
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
