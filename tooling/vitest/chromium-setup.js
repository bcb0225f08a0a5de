// Vitest global setup of every package run that includes browser tests: finds Chromium's headless
// shell (CHROMIUM_PATH, else Debian's), installing Debian's package when missing and running as root.
import { ensureDebianPackage } from "./debian-package.js";

export default function setup() {
  const path = process.env.CHROMIUM_PATH;
  ensureDebianPackage({
    binary: "Chromium's headless shell",
    paths: path === undefined ? ["/usr/bin/chromium-headless-shell"] : [path],
    debianPackage: "chromium-headless-shell",
    neededFor: "the page tests (*-browser.test.ts, front-door-pages, runtime-neutral)",
  });
}
