import { inspectPage, launchChromium, watchPageErrors } from "@connector/testkit";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";

/** One person in headless Chromium: their own cookies, signed in through the real sign-in page. */
export interface PersonInBrowser {
  context: BrowserContext;
  page: Page;
  /**
   * Console errors and CSP refusals seen so far (expected: none). The browser's notes of a page's
   * own HTTP status ("Failed to load resource: … 403") are left out: refusals are pages here.
   */
  errors: () => string[];
  /** Opens a path; returns the HTTP status of the final page. */
  open(path: string): Promise<number>;
  /** axe at both widths (serious or critical violations fail); with `SCREENSHOTS=1`, screenshots named `pages-<name>`. */
  inspect(name: string): Promise<void>;
  /** The main content's text, for assertions on what a person reads. */
  text(): Promise<string>;
}

export async function startBrowser(): Promise<Browser> {
  return launchChromium();
}

/**
 * Opens `path` signed out, expects to be sent to sign-in with a way back, signs in as `user` and
 * expects to land on `path` again.
 */
export async function signInAt(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
  path: string,
  /** The browser's settings, e.g. its time zone or JavaScript off. */
  options: BrowserContextOptions = {},
): Promise<PersonInBrowser> {
  const person = await visit(browser, baseUrl, path, options);
  await signInHere(person.page, user, path);
  return person;
}

/** On the sign-in page (sent there with a way back to `path`): signs in and expects to land on `path`. */
export async function signInHere(page: Page, user: { email: string; password: string }, path: string): Promise<void> {
  const signIn = new URL(page.url());
  expect(signIn.pathname).toBe("/signin");
  expect(signIn.searchParams.get("return_to")).toBe(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === path.split("?")[0]);
}


/** A new browser profile (nobody signed in) opening `path`. */
export async function visit(browser: Browser, baseUrl: string, path: string, options: BrowserContextOptions = {}): Promise<PersonInBrowser> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${baseUrl}${path}`);
  return {
    context,
    page,
    errors: () => errors().filter((error) => !error.startsWith("Failed to load resource")),
    async open(target) {
      const response = await page.goto(`${baseUrl}${target}`);
      return response?.status() ?? 0;
    },
    inspect: (name) => (options.javaScriptEnabled === false ? inspectWithoutScript(browser, page, name) : inspectPage(page, `pages-${name}`)),
    text: async () => (await page.locator("main").textContent()) ?? "",
  };
}

/**
 * axe needs script in the page, which a browser with JavaScript off cannot run: the very HTML this
 * page shows (a form's answer cannot be fetched again) is served to a twin page with script on, at
 * the same address and with the real stylesheet, and inspected there.
 */
async function inspectWithoutScript(browser: Browser, page: Page, name: string): Promise<void> {
  const html = await page.content();
  const twin = await browser.newContext();
  try {
    const view = await twin.newPage();
    const url = page.url();
    const document = new URL(url);
    document.hash = "";
    // Only the page itself is served from here (a `#fragment` is never sent); its stylesheet comes from the service.
    await view.route(
      (requested) => requested.href === document.href,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await view.goto(url);
    // The twin shows the same page, or the inspection would judge another one.
    expect(await view.title()).toBe(await page.title());
    await inspectPage(view, `pages-${name}`);
  } finally {
    await twin.close();
  }
}
