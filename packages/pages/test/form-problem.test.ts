import { ServiceError } from "@connector/core";
import { CATALOGUES } from "@connector/ui";
import { describe, expect, it } from "vitest";
import { letterChoicesProblem } from "../src/views/resolve/letter-choices-words.js";
import { refusedRequestFields, requestFormProblem } from "../src/views/resolve/request-form-words.js";

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
    expect(refusedRequestFields(error)).toEqual(["nickname", "times"]);
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
