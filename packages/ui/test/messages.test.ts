import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { LANGUAGES } from "@connector/core/resolve";
import { describe, expect, it } from "vitest";
import { CATALOGUES, message } from "../src/messages/catalogue.js";

/** The names of a message's arguments, plural and select branches included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
      into.add(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe("the message catalogue", () => {
  const english = CATALOGUES.en;

  it("has every key in every language, and no key one language lacks", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual(Object.keys(english).sort());
    }
  });

  it("gives each message the same arguments in every language, each a valid ICU message", () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(CATALOGUES[language])) {
        const expected = [...argumentsOf(parse(english[key as keyof typeof english]))].sort();
        expect([...argumentsOf(parse(text))].sort(), `${language} ${key}`).toEqual(expected);
      }
    }
  });

  it("has no message left in English in another language, but for names", () => {
    const sameInEveryLanguage = new Set(["layout.nav.resolve"]);
    for (const language of LANGUAGES.filter((other) => other !== "en")) {
      for (const [key, text] of Object.entries(CATALOGUES[language])) {
        if (!sameInEveryLanguage.has(key)) expect(text, `${language} ${key}`).not.toBe(english[key as keyof typeof english]);
      }
    }
  });

  it("keeps what a select shows by default at 390 px within 30 characters, in every language (issue 48 item 15)", () => {
    const shownInSelects = ["resolve.form.kind.documents", "resolve.form.kind.contact_preference", "resolve.channel.service"] as const;
    for (const language of LANGUAGES) {
      for (const key of shownInSelects) expect(CATALOGUES[language][key].length, `${language} ${key}`).toBeLessThanOrEqual(30);
    }
  });

  it("fills arguments in and follows the language asked for", () => {
    expect(message("layout.signedInAs", { name: "Ana" }, "en")).toBe("Signed in as Ana");
    expect(message("layout.signedInAs", { name: "Ana" }, "es")).toBe("Sesión iniciada como Ana");
  });
});
