import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium (`CHROMIUM_PATH` overrides), headless, with every background service off (no
 * component updates, sync, background fetches or QUIC probes): the machine has no internet and the
 * browser must not try to reach it; `--no-sandbox` lets it run as root in a container. Playwright
 * gives each launch a fresh temporary profile and removes it on close. Never downloads a browser.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
