import { describe, expect, it } from "vitest";
import { requestDraftView } from "./support/request-draft-view.js";
import { NO_CHOICES } from "../src/resolve/contact-preference-choices.js";
import { letterText, requestLetter } from "../src/resolve/request-letter.js";
import { RESOLVE_GUIDES } from "../src/tools/resolve-guide/resolve-guides.js";

/**
 * Issue 48's read of the guide and letters against 12 CFR part 1006, in both languages (each claim's
 * line is in docs/resolve-claims.md): the validation period runs on or before its end date; a
 * notice may offer a Spanish copy; the lawyer rule forbids contacting the person, no more; the
 * documents letter says, as the CFPB's does, that not every item may be owed.
 */
const section = (language: "en" | "es", id: string) => RESOLVE_GUIDES[language].sections.find((found) => found.id === id)!;
const text = (language: "en" | "es", id: string) => section(language, id).points.join("\n");

describe("the legal read of issue 48", () => {
  it("1006.34(c)(3): a dispute on the end date itself is within the period, in both languages", () => {
    expect(text("en", "validation-notice")).toContain("on or before the end date");
    expect(text("en", "validation-notice")).not.toMatch(/(?<!on or )before the end date/);
    expect(text("es", "validation-notice")).toContain("a más tardar en la fecha final");
    expect(text("es", "validation-notice")).toContain("a más tardar en esa fecha");
    expect(text("es", "validation-notice")).not.toMatch(/antes de (esa fecha|la fecha final)/);
  });

  it("1006.34(d)(3)(vi): a notice may offer a Spanish copy, and a collector that offers one sends it when asked", () => {
    for (const language of ["en", "es"] as const) {
      const points = text(language, "validation-notice");
      expect(points).toContain("Póngase en contacto con nosotros para solicitar una copia de este formulario en español");
      expect(points).toContain("Quiero este formulario en español");
      expect(section(language, "validation-notice").citations).toContain("12 CFR 1006.34(d)(3)(vi)");
    }
    expect(text("es", "validation-notice")).toContain("el cobrador debe enviarle un aviso de validación en español");
  });

  it("1006.6(b)(2): a collector that knows of the lawyer must not contact the person; nothing obliges it to contact the lawyer", () => {
    expect(text("en", "limiting-contact")).toContain("it must not contact you about the debt");
    expect(text("en", "limiting-contact")).not.toContain("must contact the lawyer instead of you");
    expect(text("es", "limiting-contact")).toContain("no debe comunicarse con usted sobre la deuda");
    expect(text("es", "limiting-contact")).not.toContain("debe comunicarse con el abogado y no con usted");
  });

  it("1006.38(c), (d)(2): the documents letter says, as the CFPB's does, that the collector may not owe every item", () => {
    const documents = requestDraftView({ requestKind: "documents" });
    expect(letterText(requestLetter(documents, NO_CHOICES, { language: "en" }))).toContain(
      "- what gives you the authority to collect this debt.\n\nI understand that you may not be required to give me every item on this list. Please send what you can.\n",
    );
    expect(letterText(requestLetter(documents, NO_CHOICES, { language: "es" }))).toContain(
      "Entiendo que es posible que ustedes no estén obligados a darme todo lo que pide esta lista. Por favor, envíenme lo que puedan.\n",
    );
    expect(text("en", "documents-and-original-creditor")).toContain("may not be required to give every item on the list");
  });
});
