import { ServiceError } from "@connector/core";
import { CATALOGUES } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { shapeLetter } from "../src/http/letter-choices.js";
import { refusedLetterChoices } from "../src/views/resolve/letter-choices-words.js";
import { refusedRequestForm } from "../src/views/resolve/request-form-words.js";

const en = CATALOGUES.en;
const typedRequest = { kind: "documents", recipient: "Bayside Collections", reference: "R-1", channel: "written" };

describe("a refused form in the person's words", () => {
  it("names the field the error is about, with its sentence for an invalid value or for personal data", () => {
    const invalid = refusedRequestForm(new ServiceError("invalid_input", "recipient is required.", { field: "recipient" }), typedRequest);
    expect(invalid.problem).toEqual({ fields: { recipient: en["resolve.form.problem.recipient"] } });
    expect(invalid.values).toEqual({ kind: "documents", reference: "R-1", channel: "written" });
    const personal = refusedLetterChoices(new ServiceError("forbidden_personal_data", "places.1 looks like an SSN.", { field: "places.1" }), { places: "123-45-6789" });
    expect(personal.problem).toEqual({ fields: { places: en["resolve.choices.problem.placesPersonalData"] } });
    expect(personal.values).toEqual({});
  });

  it("finds the field in the error's details when the error itself names none", () => {
    const error = new ServiceError("invalid_input", "Some arguments are invalid.", {
      details: [
        { code: "invalid_input", field: "nickname", message: "unknown" },
        { code: "invalid_input", field: "times.0", message: "too long" },
      ],
    });
    const refused = refusedLetterChoices(error, { nickname: "Sam", times: "x", places: "at work" });
    expect(refused.problem).toEqual({ fields: { times: en["resolve.choices.problem.times"] } });
    expect(refused.values).toEqual({ places: "at work" });
  });

  it("refuses, and never shows again, every other value holding an SSN or a card number: the guard names only the first", () => {
    const typed = { kind: "documents", recipient: "Card 4111 1111 1111 1111", reference: "123-45-6789", channel: "written" };
    const refused = refusedRequestForm(new ServiceError("forbidden_personal_data", "reference looks like an SSN.", { field: "reference" }), typed);
    expect(refused.problem).toEqual({
      fields: { reference: en["resolve.form.problem.referencePersonalData"], recipient: en["resolve.form.problem.recipientPersonalData"] },
    });
    expect(refused.values).toEqual({ kind: "documents", channel: "written" });
  });

  it("says what to do in general when no field of the form is named, and keeps what was typed for a repeated request", () => {
    const elsewhere = new ServiceError("invalid_input", "bad", { field: "nickname" });
    expect(refusedLetterChoices(elsewhere, { times: "mornings" })).toEqual({ problem: { fields: {}, message: en["resolve.choices.problem.other"] }, values: { times: "mornings" } });
    expect(refusedRequestForm(elsewhere, typedRequest).problem).toEqual({ fields: {}, message: en["resolve.form.problem.other"] });
    // A name every object has is not a field of the form.
    expect(refusedRequestForm(new ServiceError("invalid_input", "bad", { field: "toString" }), typedRequest).problem.message).toBe(en["resolve.form.problem.other"]);
    expect(refusedRequestForm(new ServiceError("idempotency_conflict", "repeated", { field: "reference" }), typedRequest)).toEqual({
      problem: { fields: {}, message: en["resolve.form.problem.repeated"] },
      values: typedRequest,
    });
  });
});

describe("refused letter choices", () => {
  /** Everything the page would show again (the form's values, the letter's and the language switch's addresses), digits only. */
  const shownDigits = (shaped: ReturnType<typeof shapeLetter>) =>
    [JSON.stringify(shaped.values), ...[shaped.backQuery, shaped.query].map((query) => [...new URLSearchParams(query).values()].join(" "))]
      .join(" ")
      .replace(/\D/g, "");

  it("are never shown again, whichever field the refusal names and however the number is spaced", () => {
    for (const query of [
      { times: "card 4111 1111 1111 1111", places: "at work" },
      { times: "before 10 a.m.", places: "123-45-6789" },
      { times: "123-45-6789", places: "4111 1111 1111 1111" },
      { times: "123-45-6789", places: "4111  1111\t1111\u00a01111" },
      { ways: "fax", times: "mornings", places: "4111  1111  1111  1111" },
    ]) {
      const shaped = shapeLetter(query);
      expect(shaped.problem).toBeDefined();
      expect(shownDigits(shaped)).not.toContain("4111111111111111");
      expect(shownDigits(shaped)).not.toContain("123456789");
    }
  });

  it("still says the refusal's own reason when another field is refused for a personal number", () => {
    const shaped = shapeLetter({ ways: "fax", times: "123-45-6789" });
    expect(shaped.problem).toEqual({
      fields: { times: en["resolve.choices.problem.timesPersonalData"] },
      message: en["resolve.choices.problem.other"],
    });
  });
});
