#!/usr/bin/env node
// Run as a package's `check-packages` script, in that package's folder. Both linters can pack the
// package themselves (`publint --pack`, `attw --pack`), which packed it twice: packing once and
// handing both the tarball saves a second `npm pack` per package (issue 21).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = (name) => join(dirname(fileURLToPath(import.meta.url)), "node_modules", ".bin", name);
const run = (command, args) => execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });

/** `npm pack` into `destination`; the tarball's path. npm's answer (its error too) is JSON on stdout. */
function pack(destination) {
  const packed = spawnSync("npm", ["pack", "--json", "--silent", "--pack-destination", destination], { encoding: "utf8" });
  if (packed.status !== 0) throw new Error(`npm pack failed (exit ${packed.status}):\n${packed.stdout}${packed.stderr}`);
  return join(destination, JSON.parse(packed.stdout)[0].filename);
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
