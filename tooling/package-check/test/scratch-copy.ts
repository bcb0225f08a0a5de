import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { type PublishedPackage, ROOT } from "./consumer-project.js";

/**
 * The working tree as git sees it (tracked files and new ones not ignored), plus each published
 * package's built `dist`: what a release job checks out and builds, without touching the checkout.
 */
export function scratchCopy(destination: string, packages: PublishedPackage[]): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(destination, file)), { recursive: true });
    cpSync(join(ROOT, file), join(destination, file));
  }
  for (const pkg of packages) {
    const relative = pkg.dir.slice(ROOT.length + 1);
    cpSync(join(pkg.dir, "dist"), join(destination, relative, "dist"), { recursive: true });
  }
}
