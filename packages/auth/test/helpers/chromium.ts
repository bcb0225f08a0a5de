import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium; never a downloaded browser. `CHROMIUM_PATH` overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Flags that keep Chromium off the network (no component updates, sync, background fetches or
 * QUIC probes) and runnable as root in a container. The profile is a fresh temporary folder.
 */
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface HeadlessBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<HeadlessBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), "auth-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
