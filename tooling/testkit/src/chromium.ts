import { type Browser, chromium, type LaunchOptions } from "playwright-core";

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`, built from the same Chromium source as the
 * `chromium` package; `CHROMIUM_PATH` overrides), with every background service off (no component updates,
 * sync, background fetches or QUIC probes): the machine has no internet and the browser must not try to
 * reach it; `--no-sandbox` lets it run as root in a container. The shell is the engine without the desktop
 * browser around it (no windows, tab strip or omnibox), as Playwright's own headless runs use: the full
 * browser in headless mode cost about a third more CPU a page file (docs/decisions.md, "Testing"). Playwright
 * gives each launch a fresh temporary profile and removes it on close. Never downloads a browser.
 */
const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * A browser for one test file, launched here; `close()` ends it. Tests isolate people by giving each a
 * new context. One launch per file, not one Chromium shared by a run over a WebSocket: the shared
 * browser's relay (Playwright's server in Vitest's main process) cost more CPU than the launches it
 * saved (the server's seven page files: 95 against 104 core-seconds, 50 against 56 s; issue 21).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}
