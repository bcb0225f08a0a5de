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

/** A script-on page that is shown what a script-off page showed, to be inspected in its place. */
interface ScriptTwin {
  view: Page;
  /** The address whose request the twin answers with `html` (the one navigation it makes per origin). */
  serving: { href: string; html: string } | undefined;
  /** The origin of the document the twin holds, if any. */
  origin: string | undefined;
}

/**
 * One twin per browser connection, kept for the whole file. A new context per inspection started a
 * renderer, and every new document loaded and compiled axe again: most of what a script-off
 * inspection cost (issue 21). So the twin navigates once per origin, and from then on writes each
 * page into the same document (`document.open`/`write` keep the window, and axe with it).
 * It runs none of the pages' own scripts (their requests are refused; the pages have no inline script),
 * so axe judges the page as a person with JavaScript off has it, not as a script would have changed it
 * (the twin itself has scripting on, which a `<noscript>` block would notice; the pages have none).
 */
const twins = new WeakMap<Browser, Promise<ScriptTwin>>();

function scriptTwin(browser: Browser): Promise<ScriptTwin> {
  let twin = twins.get(browser);
  if (twin === undefined) {
    twin = (async () => {
      const context = await browser.newContext();
      const state: ScriptTwin = { view: await context.newPage(), serving: undefined, origin: undefined };
      await context.route(
        (requested) => requested.href === state.serving?.href,
        (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: state.serving!.html }),
      );
      await context.route(
        () => true,
        (route) => (route.request().resourceType() === "script" ? route.abort() : route.fallback()),
      );
      return state;
    })();
    twins.set(browser, twin);
  }
  return twin;
}

/**
 * axe needs script in the page, which a browser with JavaScript off cannot run: the very HTML this
 * page shows (a form's answer cannot be fetched again) is shown to a twin page with script on, at
 * the same address and with the real stylesheet, and inspected there.
 */
async function inspectWithoutScript(browser: Browser, page: Page, name: string): Promise<void> {
  const twin = await scriptTwin(browser);
  const url = new URL(page.url());
  const html = await page.content();
  if (twin.origin === url.origin) {
    await twin.view.evaluate(
      ({ address, html }) => {
        history.replaceState(null, "", address);
        document.open();
        document.write(html);
        document.close();
      },
      { address: url.href, html },
    );
    // Its stylesheet has loaded (colour contrast depends on it).
    await twin.view.waitForFunction(() => document.readyState === "complete");
  } else {
    const document = new URL(url);
    // Only the page itself is answered from here (a `#fragment` is never sent); its stylesheet comes from the service.
    document.hash = "";
    twin.serving = { href: document.href, html };
    try {
      await twin.view.goto(url.href);
    } finally {
      twin.serving = undefined;
    }
    twin.origin = url.origin;
  }
  // The twin shows this page, not the last one written into it: the same address, title and text (neither
  // runs the pages' scripts, so their documents are the same).
  expect(twin.view.url()).toBe(url.href);
  expect(await twin.view.title()).toBe(await page.title());
  expect(await twin.view.locator("body").textContent()).toBe(await page.locator("body").textContent());
  await inspectPage(twin.view, `pages-${name}`);
}
