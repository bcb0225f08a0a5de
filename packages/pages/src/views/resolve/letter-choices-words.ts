import type { ServiceError } from "@connector/core";

/** The letter choices' text fields, which show their own message beside them. */
export type LetterChoicesField = "times" | "places";

export interface LetterChoicesProblem {
  field?: LetterChoicesField | undefined;
  message: string;
}

const WORDS: Record<LetterChoicesField, { invalid: string; personalData: string }> = {
  times: {
    invalid: "Keep the times to 200 characters.",
    personalData: "This looks like a Social Security, card or bank account number, so it was not used. Say the times without it.",
  },
  places: {
    invalid: "Keep the places to 200 characters.",
    personalData: "This looks like a Social Security, card or bank account number, so it was not used. Say the places without it.",
  },
};

/** A refused choice in the person's words, once: never the schema's ("places looks like an SSN…"). */
export function letterChoicesProblem(error: ServiceError): LetterChoicesProblem {
  const field = error.field?.split(".")[0];
  if (field === "times" || field === "places") {
    return { field, message: error.code === "forbidden_personal_data" ? WORDS[field].personalData : WORDS[field].invalid };
  }
  return { message: "Some of these choices could not be read. Choose them again and update the letter." };
}
