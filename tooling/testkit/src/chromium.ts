import { type Browser, chromium, type LaunchOptions } from "playwright-core";

/**
 * Chromium features turned off. New headless Chromium opens every window (one per browser context, and
 * the tests make one per person) with two omnibox popups built as WebUI pages in a renderer of their
 * own, which nobody sees: they were a fifth of the runs' Chromium CPU (40 contexts of three page loads:
 * 77 → 41 core-seconds without them). Chromium keeps only the last `--disable-features`, and ours comes
 * after Playwright's, so the list repeats what Playwright 1.65 turns off (no preconnects, hints, time
 * queries or AI-mode checks towards the internet; no paint holding, HTTPS upgrades or third-party
 * storage partitioning changing what a test sees).
 */
const DISABLED_FEATURES = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

/**
 * Debian's Chromium (`CHROMIUM_PATH` overrides), headless, with every background service off (no
 * component updates, sync, background fetches or QUIC probes): the machine has no internet and the
 * browser must not try to reach it; `--no-sandbox` lets it run as root in a container. Playwright
 * gives each launch a fresh temporary profile and removes it on close. Never downloads a browser.
 */
const LAUNCH_OPTIONS: LaunchOptions = {
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
    `--disable-features=${DISABLED_FEATURES.join(",")}`,
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
