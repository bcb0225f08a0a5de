import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { checkAccessibility } from "./accessibility.js";

/** The widths every page is looked at: a common phone and a laptop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/** `<repo>/test-results/screenshots` (git-ignored), or `SCREENSHOT_DIR`. */
export const SCREENSHOT_DIR =
  process.env.SCREENSHOT_DIR ?? resolve(fileURLToPath(new URL("../../../test-results/screenshots", import.meta.url)));

/**
 * Screenshots are for a person to look at, and assert nothing, so they are taken only on request
 * (`SCREENSHOTS=1`, as `pnpm screenshots` sets, or a `SCREENSHOT_DIR`): two full-page captures per
 * inspected page were 7–10% of the page files' time (docs/decisions.md, "Testing").
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === "1" || process.env.SCREENSHOT_DIR !== undefined;

let announced = false;

/**
 * When screenshots are wanted, saves a full-page screenshot of `page` at phone and desktop width as
 * `<name>.phone.png` and `<name>.desktop.png`, and returns their paths; otherwise does nothing.
 */
export async function screenshot(page: Page, name: string): Promise<string[]> {
  if (!SCREENSHOTS_WANTED) return [];
  return atEachWidth(page, (width) => saveScreenshot(page, name, width));
}

/**
 * What every page test does once the page is showing: at phone and at desktop width (the layout
 * reflows, so both are checked), axe, then, when wanted, a screenshot. Throws on serious or critical accessibility
 * violations. One resize per width: each resize lays the page out again, which is most of what an
 * inspection costs the browser.
 */
export async function inspectPage(page: Page, name: string): Promise<void> {
  await atEachWidth(page, async (width) => {
    await checkAccessibility(page);
    if (SCREENSHOTS_WANTED) await saveScreenshot(page, name, width);
  });
}

/** Runs `step` at each of `VIEWPORTS`, then gives the page its own size back. */
async function atEachWidth<T>(page: Page, step: (width: string) => Promise<T>): Promise<T[]> {
  const original = page.viewportSize();
  const results: T[] = [];
  for (const [width, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    results.push(await step(width));
  }
  if (original !== null) await page.setViewportSize(original);
  return results;
}

async function saveScreenshot(page: Page, name: string, width: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (!announced) {
    announced = true;
    console.log(`Screenshots of the pages: ${SCREENSHOT_DIR}`);
  }
  const file = join(SCREENSHOT_DIR, `${name}.${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects what the browser reports as broken on a page (console errors, which include
 * Content-Security-Policy refusals, and uncaught exceptions). Call before navigating.
 */
export function watchPageErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => [...errors];
}
