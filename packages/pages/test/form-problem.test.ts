import { ServiceError } from "@connector/core";
import { CATALOGUES } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { shapeLetter } from "../src/http/letter-choices.js";
import { letterChoicesProblem } from "../src/views/resolve/letter-choices-words.js";
import { valuesToShowAgain } from "../src/views/resolve/form-problem.js";
import { requestFormProblem } from "../src/views/resolve/request-form-words.js";

const en = CATALOGUES.en;

describe("a refused form in the person's words", () => {
  it("names the field the error is about, with its sentence for an invalid value or for personal data", () => {
    expect(requestFormProblem(new ServiceError("invalid_input", "recipient is required.", { field: "recipient" }))).toEqual({
      field: "recipient",
      message: en["resolve.form.problem.recipient"],
    });
    expect(requestFormProblem(new ServiceError("forbidden_personal_data", "reference looks like an SSN.", { field: "reference" }))).toEqual({
      field: "reference",
      message: en["resolve.form.problem.referencePersonalData"],
    });
    expect(letterChoicesProblem(new ServiceError("forbidden_personal_data", "places.1 looks like a phone number.", { field: "places.1" }))).toEqual({
      field: "places",
      message: en["resolve.choices.problem.placesPersonalData"],
    });
  });

  it("finds the field in the error's details when the error itself names none", () => {
    const error = new ServiceError("invalid_input", "Some arguments are invalid.", {
      details: [
        { code: "invalid_input", field: "nickname", message: "unknown" },
        { code: "invalid_input", field: "times.0", message: "too long" },
      ],
    });
    expect(letterChoicesProblem(error)).toEqual({ field: "times", message: en["resolve.choices.problem.times"] });
    expect(valuesToShowAgain({ nickname: "Sam", times: "x", places: "at work" }, error)).toEqual({ places: "at work" });
  });

  it("says what to do in general when no field of the form is named, and a repeated request as such", () => {
    const elsewhere = new ServiceError("invalid_input", "bad", { field: "nickname" });
    expect(letterChoicesProblem(elsewhere)).toEqual({ message: en["resolve.choices.problem.other"] });
    expect(requestFormProblem(elsewhere)).toEqual({ message: en["resolve.form.problem.other"] });
    // A name every object has is not a field of the form.
    expect(requestFormProblem(new ServiceError("invalid_input", "bad", { field: "toString" }))).toEqual({ message: en["resolve.form.problem.other"] });
    expect(requestFormProblem(new ServiceError("idempotency_conflict", "repeated", { field: "reference" }))).toEqual({
      message: en["resolve.form.problem.repeated"],
    });
  });
});

describe("what a refused form shows again", () => {
  it("leaves out the refused field and every other value holding an SSN or a card number, kept as typed otherwise", () => {
    // The guard refuses at the first hit, so the error names only the reference; the recipient holds a card number too.
    const refused = new ServiceError("forbidden_personal_data", "reference looks like an SSN.", { field: "reference" });
    const typed = { kind: "documents", recipient: "Card 4111 1111 1111 1111", reference: "123-45-6789", channel: "written", note: "Bayside" };
    expect(valuesToShowAgain(typed, refused)).toEqual({ kind: "documents", channel: "written", note: "Bayside" });
    expect(valuesToShowAgain({ ways: ["calls", "123-45-6789"], places: "at work" }, refused)).toEqual({ places: "at work" });
  });
});

describe("refused letter choices", () => {
  it("are never shown again, whichever field or fields the refusal names", () => {
    for (const query of [
      { times: "card 4111 1111 1111 1111", places: "at work" },
      { times: "before 10 a.m.", places: "123-45-6789" },
      { times: "123-45-6789", places: "4111 1111 1111 1111" },
      { times: ["a", "123-45-6789"], places: { nested: "4111 1111 1111 1111" } },
    ]) {
      const shaped = shapeLetter(query);
      expect(shaped.problem).toBeDefined();
      const shown = JSON.stringify([shaped.values, shaped.backQuery, shaped.query]);
      expect(shown).not.toContain("123-45-6789");
      expect(shown).not.toContain("1111 1111");
    }
  });
});
