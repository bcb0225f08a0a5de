import { RESOLVE_GUIDE, RESOLVE_GUIDES } from "@connector/core/resolve";
import { findUntranslatedText, translatedMessages, visibleTexts } from "@connector/testkit";
import { describe, expect, it } from "vitest";
import { asReader, CATALOGUES, isolatedName, Name, renderPage, SERVICE_NAME } from "../src/index.js";

/**
 * The catalogue check on the layout (issue 40). The page-level test that renders every consumer page
 * in both languages calls the same `findUntranslatedText` with `ENGLISH_TEXTS` and the page's names.
 */
const ENGLISH_TEXTS = [
  ...translatedMessages(CATALOGUES.en, CATALOGUES.es),
  ...RESOLVE_GUIDE.sections.flatMap((section) => [section.title, ...section.points]),
];
const person = { displayName: "Ana O'Neil", deskMember: false, consumer: true, signOutToken: "t" };
const NAMES = [SERVICE_NAME, "Resolve", person.displayName];

const spanish = (children: preact.ComponentChildren, title = "Inicio") =>
  asReader({ language: "es", timeZone: "America/Chicago", path: "/resolve" }, () => renderPage({ title, person, children }));
const untranslated = (html: string) => findUntranslatedText(html, { englishMessages: ENGLISH_TEXTS, names: NAMES });

describe("the catalogue check: English left on a page rendered in Spanish", () => {
  it("finds none in the layout in Spanish, signed in or not, with the Spanish guide on the page", () => {
    const layout = spanish(<p>Revise su borrador antes de enviarlo.</p>);
    // It reads the whole page a person sees: the title, the skip link, the menu, the footer, the switch.
    const seen = visibleTexts(layout).map((item) => item.text);
    expect(seen).toEqual(expect.arrayContaining(["Inicio · Connector", "Ir al contenido principal", "Revise su borrador antes de enviarlo."]));
    expect(seen.some((text) => text.startsWith("Connector guarda borradores"))).toBe(true);
    expect(seen).not.toContain("English");
    expect(untranslated(layout)).toEqual([]);
    const anonymous = asReader({ language: "es" }, () => renderPage({ title: "Iniciar sesión", children: null }));
    expect(untranslated(anonymous)).toEqual([]);
    const guide = RESOLVE_GUIDES.es.sections.map((section) => (
      <section key={section.id}>
        <h2>{section.title}</h2>
        <ul>{section.points.map((point) => <li key={point}>{point}</li>)}</ul>
      </section>
    ));
    expect(untranslated(spanish(guide, "Guía"))).toEqual([]);
  });

  it("finds an English sentence, an English catalogue message, and English in what a person hears (alt, aria-label, placeholder, a button's value)", () => {
    const found = untranslated(
      spanish(
        <>
          <p>Your draft is saved. Nothing was sent.</p>
          <p>
            Lea esto: <strong>Signed in as</strong> Ana
          </p>
          <img src="/x.png" alt="The letter, ready to print" />
          <nav aria-label="Main">…</nav>
          <input name="q" placeholder="Search your drafts" />
          <input type="submit" value="Save the draft" />
        </>,
      ),
    );
    expect(found.map((item) => item.where)).toEqual(["p", "p", "img[alt]", "nav[aria-label]", "input[placeholder]", "input[value]"]);
    expect(found[1]!.because).toContain('"Signed in as {name}"');
    expect(found[3]!.because).toContain('"Main"');
  });

  it("finds a point of the English guide left on a Spanish page", () => {
    const point = RESOLVE_GUIDE.sections[0]!.points[1]!;
    expect(untranslated(spanish(<p>{point}</p>))).toEqual([{ text: point, where: "p", because: `the English message "${point}"` }]);
  });

  it("allows names and amounts, what is hidden or not shown, and what is marked as another language", () => {
    const offer = (creditor: preact.ComponentChildren) => <p>Oferta de {creditor}: $1,250.00 antes del 12 de enero.</p>;
    const html = spanish(
      <>
        {offer(<Name>Bank of the West</Name>)}
        <a href="/offers/1" aria-label={`Oferta de ${isolatedName("Bank of the West")}`}>…</a>
        <p hidden>Only for scripts</p>
        <script>{"const the = 'and you';"}</script>
        <input type="hidden" name="x" value="the and you" />
        <div lang="en">I am writing about the debt you are attempting to collect.</div>
      </>,
    );
    expect(untranslated(html)).toEqual([]);
    // HTML's own mark for what is not to be translated (code, a tool's name).
    expect(untranslated(html.replace("</main>", '<p translate="no">get the resolve guide</p></main>'))).toEqual([]);
    // The same creditor's name not set apart as a name reads as English words; given as a name, it passes.
    const bare = spanish(offer("Bank of the West"));
    expect(untranslated(bare).map((item) => item.text)).toEqual(["Oferta de Bank of the West: $1,250.00 antes del 12 de enero."]);
    expect(findUntranslatedText(bare, { englishMessages: ENGLISH_TEXTS, names: [...NAMES, "Bank of the West"] })).toEqual([]);
  });
});
