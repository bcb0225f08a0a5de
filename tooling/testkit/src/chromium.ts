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

/** Set by `startChromiumServer` (a Vitest globalSetup) for the test files of one run. */
const SHARED_ENDPOINT = "CHROMIUM_WS_ENDPOINT";

/**
 * A browser for one test file: launched here, or, when a run shares one Chromium
 * (`CHROMIUM_WS_ENDPOINT`), connected to it. Either way `close()` ends what this file opened (a
 * connection closes its own contexts). Tests isolate people by giving each a new context.
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_ENDPOINT];
  return shared ? chromium.connect(shared) : chromium.launch(LAUNCH_OPTIONS);
}

/**
 * A Vitest globalSetup: one Chromium for every file of the run, on loopback, its address handed to
 * the workers in `CHROMIUM_WS_ENDPOINT` (they start after globalSetup and inherit the environment).
 * Saves a launch per browser file (about 1.1–1.5 s on the 2-core machine). Returns the teardown.
 */
export async function startChromiumServer(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ ...LAUNCH_OPTIONS, host: "127.0.0.1" });
  process.env[SHARED_ENDPOINT] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_ENDPOINT];
    await server.close();
  };
}
