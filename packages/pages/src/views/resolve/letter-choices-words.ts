import type { ServiceError } from "@connector/core";
import { type MessageKey, message } from "@connector/ui";

/** The letter choices' text fields, which show their own message beside them. */
export type LetterChoicesField = "times" | "places";

export interface LetterChoicesProblem {
  field?: LetterChoicesField | undefined;
  message: string;
}

const WORDS: Record<LetterChoicesField, { invalid: MessageKey; personalData: MessageKey }> = {
  times: { invalid: "resolve.choices.problem.times", personalData: "resolve.choices.problem.timesPersonalData" },
  places: { invalid: "resolve.choices.problem.places", personalData: "resolve.choices.problem.placesPersonalData" },
};

/** A refused choice in the person's words, once: never the schema's ("places looks like an SSN…"). */
export function letterChoicesProblem(error: ServiceError): LetterChoicesProblem {
  const field = error.field?.split(".")[0];
  if (field === "times" || field === "places") {
    return { field, message: message(error.code === "forbidden_personal_data" ? WORDS[field].personalData : WORDS[field].invalid) };
  }
  return { message: message("resolve.choices.problem.other") };
}
