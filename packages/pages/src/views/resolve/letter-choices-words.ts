import type { ServiceError } from "@connector/core";
import { type FieldWords, type FormProblem, type RefusedForm, refusedForm } from "./form-problem.js";

/** The letter choices' text fields, which show their own message beside them. */
export type LetterChoicesField = "times" | "zone" | "places";

export type LetterChoicesProblem = FormProblem<LetterChoicesField>;

const WORDS: FieldWords<LetterChoicesField> = {
  times: { invalid: "resolve.choices.problem.times", personalData: "resolve.choices.problem.timesPersonalData" },
  // A zone is picked from a list: nothing typed there can be personal data, so both say the same.
  zone: { invalid: "resolve.choices.problem.zone", personalData: "resolve.choices.problem.zone" },
  places: { invalid: "resolve.choices.problem.places", personalData: "resolve.choices.problem.placesPersonalData" },
};

/** Refused choices in the person's words, once: never the schema's ("places looks like an SSN…"), and what is shown again. */
export function refusedLetterChoices<Value extends string | string[]>(error: ServiceError, typed: Record<string, Value>): RefusedForm<LetterChoicesField, Value> {
  return refusedForm(error, WORDS, "resolve.choices.problem.other", typed);
}
