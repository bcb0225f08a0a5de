// What a test run needs from Debian, found or installed before the tests start (issue 37: `pnpm test`
// passes by itself on a fresh machine). Plain JavaScript: Vitest loads it before anything is built.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The path of `binary` (the first of `paths` that exists). When none does and this runs as root, the
 * Debian package that ships it is installed with apt-get (waiting for another run's install to end);
 * otherwise, or when that fails, the run stops with one message saying what to install.
 */
export function ensureDebianPackage({ binary, paths, debianPackage, neededFor }) {
  const found = () => paths.find((path) => existsSync(path));
  if (found() !== undefined) return found();
  if (process.getuid?.() === 0) {
    // Two test runs (turbo runs packages side by side) may both find the package missing: flock makes the
    // second wait for the first's install. apt's own lock timeout covers dpkg, not `apt-get update`'s lists.
    const apt = (...args) =>
      execFileSync("flock", ["/var/lock/connector-test-apt.lock", "apt-get", "-o", "DPkg::Lock::Timeout=600", "-qq", ...args], {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    try {
      // The package lists may be missing or old on a fresh machine.
      apt("update");
      apt("install", "-y", debianPackage);
    } catch {
      // Said below, with what to do.
    }
    if (found() !== undefined) return found();
  }
  throw new Error(
    `${binary} is not installed (looked at ${paths.join(", ")}); ${neededFor} need it. ` +
      `Install Debian's package: apt-get install ${debianPackage} (as root; this run installs it itself when it runs as root).`,
  );
}
