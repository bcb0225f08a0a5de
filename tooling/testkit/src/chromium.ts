import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium, headless, with every background service off: the machine has no internet and
 * the browser must not try to reach it. Playwright gives each launch a fresh temporary profile.
 * Never downloads a browser.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  });
}
