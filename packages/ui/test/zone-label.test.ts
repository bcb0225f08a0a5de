import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { LOCAL_TIME_SCRIPT } from "../src/assets.js";
import { asReader } from "../src/reader/reader.js";
import { timeZoneLabel } from "../src/time/format-time.js";
import { LOCALES } from "../src/time/locales.js";

/**
 * Issue 48 (a later look): a zone is named one way, "Pacific Time (Los Angeles)", by the page footer, the
 * letter's zone field and the time-zone script alike, from one function (`zoneLabel`). The served script is
 * run here against a page holding a footer and the letter's zone field, in a browser reporting each zone.
 */
function scriptSays(zone: string, locale: string): { footer: string; note: string; added: string | undefined } {
  const footer = { textContent: "Eastern Time (New York)" };
  const note = { dataset: { browserZoneFor: "letter-zone", words: "Your browser reports {zone}." }, textContent: "", hidden: true };
  class Option {
    constructor(
      readonly text: string,
      readonly value: string,
    ) {}
  }
  class HTMLSelectElement {
    value = "";
    options: Option[] = [new Option("Choose", "")];
    added: Option | undefined;
    add(option: Option) {
      this.added = option;
      this.options.push(option);
    }
  }
  const select = new HTMLSelectElement();
  const document = {
    cookie: "",
    documentElement: { dataset: { locale } },
    querySelectorAll: (selector: string) => (selector === "[data-browser-zone-for]" ? [note] : []),
    querySelector: (selector: string) => (selector === "[data-time-zone-name]" ? footer : null),
    getElementById: (id: string) => (id === "letter-zone" ? select : null),
    addEventListener: () => {},
  };
  // The browser's Intl, reporting `zone` as its own.
  const BrowserIntl = {
    ...Intl,
    DateTimeFormat: function DateTimeFormat(requested?: string, options?: Intl.DateTimeFormatOptions) {
      return options === undefined && requested === undefined ? { resolvedOptions: () => ({ timeZone: zone }) } : new Intl.DateTimeFormat(requested, options);
    },
  };
  runInNewContext(LOCAL_TIME_SCRIPT.body.toString("utf8"), { document, Intl: BrowserIntl, location: { protocol: "http:" }, HTMLSelectElement, Option, Date, Number });
  return { footer: footer.textContent, note: note.textContent, added: select.added?.text };
}

describe("a time zone's name, one format on the server and in the browser", () => {
  it("the footer, the letter's zone field and the script's note all say \"Pacific Time (Los Angeles)\", in each language", () => {
    for (const language of ["en", "es"] as const) {
      for (const zone of ["America/Los_Angeles", "America/Phoenix", "Pacific/Honolulu", "Europe/Madrid"]) {
        const server = asReader({ language }, () => timeZoneLabel(zone));
        expect(server).not.toContain("/");
        const browser = scriptSays(zone, LOCALES[language]);
        expect(browser.footer, `${language} ${zone}`).toBe(server);
        expect(browser.note).toBe(`Your browser reports ${server}.`);
        // A zone the field does not list is offered under the same name.
        expect(browser.added).toBe(server);
      }
    }
    expect(asReader({ language: "en" }, () => timeZoneLabel("America/Los_Angeles"))).toBe("Pacific Time (Los Angeles)");
    expect(asReader({ language: "es" }, () => timeZoneLabel("America/Los_Angeles"))).toBe("hora del Pacífico (Los Angeles)");
  });
});
