#!/usr/bin/env node
// Run as a package's `check-packages` script, in that package's folder. Both linters can pack the
// package themselves (`publint --pack`, `attw --pack`), which packed it twice: packing once and
// handing both the tarball saves a second `npm pack` per package (issue 21).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = (name) => join(dirname(fileURLToPath(import.meta.url)), "node_modules", ".bin", name);
const run = (command, args) => execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });

const destination = mkdtempSync(join(tmpdir(), "check-package-"));
try {
  const packed = execFileSync("npm", ["pack", "--json", "--silent", "--pack-destination", destination], { encoding: "utf8" });
  const tarball = join(destination, JSON.parse(packed)[0].filename);
  run(bin("publint"), ["run", "--strict", tarball]);
  run(bin("attw"), [tarball, "--profile", "node16"]);
} catch (error) {
  // The linters have printed what is wrong; their exit status is the answer.
  process.exitCode = typeof error.status === "number" ? error.status : 1;
  if (typeof error.status !== "number") console.error(error);
} finally {
  rmSync(destination, { recursive: true, force: true });
}
