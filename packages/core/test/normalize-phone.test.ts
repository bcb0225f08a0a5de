import { describe, expect, it } from "vitest";
import { maskPhone, normalizePhone } from "../src/entries/phones.js";

describe("normalizePhone (libphonenumber-js, full metadata)", () => {
  it.each([
    ["(415) 555-2671", "US", "+14155552671"],
    ["415.555.2671", "US", "+14155552671"],
    ["+1 415 555 2671", "GB", "+14155552671"],
    ["020 7946 0958", "GB", "+442079460958"],
    ["+44 20 7946 0958", "US", "+442079460958"],
  ])("%s (default %s) → %s", (text, country, e164) => {
    expect(normalizePhone(text, country)).toMatchObject({ ok: true, e164 });
  });

  it.each([["12345"], ["not a phone"], ["+1 415 555 267"], ["(000) 000-0000"], ["123-45-6789"]])("refuses %s", (text) => {
    expect(normalizePhone(text, "US")).toEqual({ ok: false, problem: "invalid_phone" });
  });

  it("masks all but the calling code and the last two digits", () => {
    expect(maskPhone("+14155552671")).toBe("+1********71");
  });
});
