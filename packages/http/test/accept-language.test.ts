import { describe, expect, it } from "vitest";
import { preferredLanguage } from "../src/accept-language.js";

const SUPPORTED = ["en", "es"] as const;

describe("preferredLanguage", () => {
  it("takes the highest weight a supported language has, by its primary subtag", () => {
    expect(preferredLanguage("es-MX,es;q=0.9,en;q=0.8", SUPPORTED)).toBe("es");
    expect(preferredLanguage("en-US,en;q=0.9,es;q=0.8", SUPPORTED)).toBe("en");
    expect(preferredLanguage("fr-FR,fr;q=0.9,es-419;q=0.8,en;q=0.5", SUPPORTED)).toBe("es");
    expect(preferredLanguage("en;q=0.5, es;q=0.7", SUPPORTED)).toBe("es");
  });

  it("keeps the header's order at equal weights, and honours q=0 as a refusal", () => {
    expect(preferredLanguage("es, en", SUPPORTED)).toBe("es");
    expect(preferredLanguage("en;q=0, *", SUPPORTED)).toBe("es");
    expect(preferredLanguage("*", SUPPORTED)).toBe("en");
  });

  it("names none when the header names no supported language, or is missing or malformed", () => {
    expect(preferredLanguage("fr, de;q=0.5", SUPPORTED)).toBeUndefined();
    expect(preferredLanguage(undefined, SUPPORTED)).toBeUndefined();
    expect(preferredLanguage("", SUPPORTED)).toBeUndefined();
    expect(preferredLanguage(";;,,q=", SUPPORTED)).toBeUndefined();
    expect(preferredLanguage("es;q=abc", SUPPORTED)).toBeUndefined();
  });
});
