import { describe, expect, it } from "vitest";
import { requestDraftView } from "./support/request-draft-view.js";
import type { ConsumerRequestDraftView } from "../src/domain/views.js";
import { type ContactPreferenceChoices, contactPreferenceChoicesSchema, NO_CHOICES } from "../src/resolve/contact-preference-choices.js";
import { LANGUAGES } from "../src/resolve/languages.js";
import { LETTER_WORDS } from "../src/resolve/letters/letter-languages.js";
import { type LetterLine, letterLine } from "../src/resolve/letters/letter-line.js";
import { LETTER_PLACES } from "../src/resolve/letters/letter-words.js";
import { letterText, requestLetter } from "../src/resolve/request-letter.js";
import { CONSUMER_REQUEST_CHANNELS } from "../src/schemas/consumer-request-draft.js";

const draft = requestDraftView;
const choose = (form: Record<string, unknown>) => contactPreferenceChoicesSchema.parse(form);

/** Every letter a person can get: both kinds, every channel, with and without a reference, and the contact choices one by one and together. */
function everyLetter(): Array<{ view: ConsumerRequestDraftView; choices: ContactPreferenceChoices }> {
  const choiceSets = [
    NO_CHOICES,
    choose({ lawyer: "on" }),
    choose({ times: "antes de las 10 a. m.", work: "on", places: "la casa de mi madre", ways: ["calls", "texts", "emails"] }),
    choose({ ways: "emails" }),
  ];
  return CONSUMER_REQUEST_CHANNELS.flatMap((channel) =>
    [null, "HRP-000123"].flatMap((reference) => [
      { view: draft({ channel, reference }), choices: NO_CHOICES },
      ...choiceSets.map((choices) => ({ view: draft({ channel, reference, requestKind: "contact_preference" }), choices })),
    ]),
  );
}

const placesOf = (lines: LetterLine[]) => lines.flat().flatMap((piece) => (typeof piece === "string" || "typed" in piece ? [] : [piece.place]));
const shapeOf = (lines: LetterLine[]) => lines.map((line) => line.length === 0);

/** Words that make a sentence English and are not Spanish words ("me" and "no" are both). */
const ENGLISH = /\b(the|and|you|your|please|my|to|of|is|are|this|that|with|for|not|by|on|about|debt|send|contact)\b/i;

describe("request letters in English and Spanish (issue 40)", () => {
  it("has the same places to fill in, in the same order, and the same lines, in every language, for every letter", () => {
    for (const { view, choices } of everyLetter()) {
      const english = requestLetter(view, choices, { language: "en" });
      for (const language of LANGUAGES) {
        const letter = requestLetter(view, choices, { language });
        expect(placesOf(letter), `${language} ${view.requestKind} ${view.channel}`).toEqual(placesOf(english));
        expect(shapeOf(letter)).toEqual(shapeOf(english));
      }
    }
  });

  it("writes the English letter unless asked for another language", () => {
    for (const { view, choices } of everyLetter()) expect(requestLetter(view, choices)).toEqual(requestLetter(view, choices, { language: "en" }));
  });

  it("has no English sentence in the Spanish letter, whatever is chosen (names and references aside)", () => {
    for (const { view, choices } of everyLetter()) {
      const text = letterText(requestLetter(view, choices, { language: "es" })).replaceAll(view.recipient, "").replaceAll(view.reference ?? "\u0000", "");
      for (const line of text.split("\n")) expect(line, line).not.toMatch(ENGLISH);
    }
  });

  it("names every place in every language, each read in that language", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(LETTER_WORDS[language].places).sort()).toEqual([...LETTER_PLACES].sort());
    }
    for (const place of LETTER_PLACES) expect(LETTER_WORDS.es.places[place]).not.toBe(LETTER_WORDS.en.places[place]);
  });

  it("reads as a Spanish letter to a collection company: ustedes for the company, the CFPB's terms", () => {
    const documents = letterText(requestLetter(draft({ channel: "email" }), NO_CHOICES, { language: "es" }));
    expect(documents).toContain("Para: Harbor Recovery Partners");
    // Issue 48 item 4: the collector's address is never "su dirección" (with usted, the person's own).
    expect(documents).toContain("Para: Harbor Recovery Partners\n[la dirección postal del cobrador, que aparece en su carta o mensaje]");
    expect(documents.match(/\[[^\]]*su dirección[^\]]*\]/giu)).toEqual(["[Su dirección postal]"]);
    expect(documents).toContain("Asunto: su referencia HRP-000123");
    expect(documents).toContain("Les escribo sobre la deuda que ustedes intentan cobrar. Se comunicaron conmigo por [teléfono, carta, correo electrónico o mensaje de texto] el [la fecha en que se comunicaron con usted].");
    expect(documents).toContain("- el nombre y la dirección del acreedor original;");
    // Issue 39: the person may never have held the account, so not "sent me".
    expect(documents).toContain("- una copia del último estado de cuenta que envió el acreedor original;");
    expect(documents).toContain("o por correo electrónico a [su correo electrónico].");
    expect(documents).not.toMatch(/disput/i);
    expect(documents).toMatch(/^\[Su nombre\]\n\[Su dirección postal\]\n\n\[Fecha de hoy\]/);
    expect(documents).toMatch(/Atentamente,\n\n\[Su firma\]\n\[Su nombre\]$/);

    const contact = letterText(
      requestLetter(draft({ requestKind: "contact_preference", channel: "email" }), choose({ times: "antes de las 10 a. m.", ways: ["calls", "texts"] }), { language: "es" }),
    );
    expect(contact).toContain("Estos horarios son inconvenientes para mí, así que les pido que no se comuniquen conmigo en ellos: antes de las 10 a. m.");
    expect(contact).toContain("Les pido que no se comuniquen conmigo por llamadas telefónicas o mensajes de texto.");
    expect(contact).toContain("Pueden comunicarse conmigo por correo postal a la dirección de arriba o por correo electrónico a [su correo electrónico].");
    // Issue 39's "before 10 a.m..": a value that ends its sentence keeps one full stop, in either language.
    const english = letterText(requestLetter(draft({ requestKind: "contact_preference" }), choose({ times: "before 10 a.m." }), { language: "en" }));
    expect(english).toContain("please do not contact me then: before 10 a.m. (my local time).\n");
    const lawyer = letterText(requestLetter(draft({ requestKind: "contact_preference" }), choose({ lawyer: "on" }), { language: "es" }));
    expect(lawyer).toContain("comuníquense con mi abogado y no conmigo: [el nombre de su abogado], [la dirección de su abogado], [el teléfono de su abogado].");
    expect(lawyer).not.toContain("Pueden comunicarse conmigo");
  });

  it("keeps what a person typed as text, brackets and all, and refuses a line that marks an unknown place", () => {
    const typed = letterText(requestLetter(draft({ requestKind: "contact_preference" }), choose({ places: "[my office] {places}" }), { language: "es" }));
    expect(typed).toContain("no se comuniquen conmigo en ellos: [my office] {places}.");
    expect(() => letterLine(LETTER_WORDS.es, "[nombre]")).toThrow(/unknown place/);
    expect(() => letterLine(LETTER_WORDS.es, "Para: {recipient}")).toThrow(/not given/);
  });
});
