import { describe, expect, it } from "vitest";
import { asReader, asReaderOf, LocalTime, languageOfRequest, renderFragment, renderPage } from "../src/index.js";

const request = (headers: Record<string, string>, url = "/resolve") => ({ headers, method: "GET", url });

describe("the reader's language", () => {
  it("is the person's choice first, then their browser's, then English", () => {
    expect(languageOfRequest(request({ cookie: "lang=es", "accept-language": "en-US" }))).toBe("es");
    expect(languageOfRequest(request({ cookie: "lang=en", "accept-language": "es-MX,es" }))).toBe("en");
    expect(languageOfRequest(request({ "accept-language": "es-MX,es;q=0.9,en;q=0.5" }))).toBe("es");
    expect(languageOfRequest(request({ cookie: "lang=fr", "accept-language": "fr-FR" }))).toBe("en");
    expect(languageOfRequest(request({}))).toBe("en");
  });

  it("sets the page's lang and locale, its words, and a switch back to the same page in the other language", () => {
    const html = asReaderOf(request({ "accept-language": "es" }, "/drafts/d1/letter?times=123-45-6789"), () =>
      renderPage({ title: "Inicio", children: null }),
    );
    expect(html).toContain('<html lang="es" data-locale="es-US">');
    expect(html).toContain("Ir al contenido principal");
    expect(html).toContain("Las fechas y horas se muestran en");
    expect(html).not.toContain("Skip to main content");
    // Back to the same page, but never its query: it can hold what the person typed (a refused value too).
    expect(html).toContain(`href="/language/en?back=%2Fdrafts%2Fd1%2Fletter"`);
    expect(html).not.toContain("123-45-6789");
    expect(html).toMatch(/hreflang="en" lang="en">English</);
    const english = asReaderOf(request({}), () => renderPage({ title: "Home", children: null }));
    expect(english).toContain('<html lang="en" data-locale="en-US">');
    expect(english).toMatch(/lang="es">Español</);
  });

  it("formats times in the reader's language, in their zone", () => {
    const at = "2025-12-24T02:45:00.000Z";
    const spanish = asReader({ language: "es", timeZone: "America/Chicago" }, () => renderFragment(<LocalTime at={at} />));
    expect(spanish).toMatch(/mar,\s23\sde\sdic\sde\s2025,\s8:45\sp\.\s?m\.\sCST/);
    const english = asReader({ language: "en", timeZone: "America/Chicago" }, () => renderFragment(<LocalTime at={at} />));
    expect(english).toContain("Tue, Dec 23, 2025, 8:45 PM CST");
  });
});
