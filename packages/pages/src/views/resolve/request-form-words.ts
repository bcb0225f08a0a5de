import type { ServiceError } from "@connector/core";

/** The request form's fields (the tool's argument names, spec §2.4) a person can fix. */
export type RequestFormField = "kind" | "recipient" | "reference" | "channel";

/** A refused request form in the person's words: the field to fix (if any) and what to do. */
export interface RequestFormProblem {
  field?: RequestFormField | undefined;
  message: string;
}

/**
 * Each refusal, said once and in people's words: never the API's ("recipient is required."). Kept as
 * whole sentences per field, so a catalogue (the Spanish pass) can take them as they are.
 */
const WORDS: Record<RequestFormField, { invalid: string; personalData: string }> = {
  kind: {
    invalid: "Choose what you want to ask.",
    personalData: "Choose what you want to ask.",
  },
  recipient: {
    invalid: "Write who the letter is to: the collector or creditor, as they name themselves, in at most 120 characters.",
    personalData:
      "This looks like a Social Security, card or bank account number, so it was not kept. Write only the collector's or creditor's name.",
  },
  reference: {
    invalid: "Their reference can be at most 80 characters. You can leave it empty.",
    personalData:
      "This looks like a Social Security, card or bank account number, so it was not kept. Write only the reference from their letter, or leave it empty.",
  },
  channel: {
    invalid: "Choose how you plan to send it.",
    personalData: "Choose how you plan to send it.",
  },
};

const FORM_FIELDS = new Set<string>(Object.keys(WORDS));

/** The top-level fields an error names (its field and its details' fields), e.g. `reference`. */
function fieldsOf(error: ServiceError): string[] {
  const paths = [error.field, ...(error.details ?? []).map((detail) => detail.field)];
  return paths.filter((path): path is string => path !== undefined).map((path) => path.split(".")[0]!);
}

/** What the page says about a refused request form, and which field it is about. */
export function requestFormProblem(error: ServiceError): RequestFormProblem {
  const field = fieldsOf(error).find((name) => FORM_FIELDS.has(name)) as RequestFormField | undefined;
  if (error.code === "idempotency_conflict") {
    return { message: "This form was already used to save a different draft. Your drafts are listed on this page; send the form again to save this one as a new draft." };
  }
  if (field === undefined) return { message: "Check what you wrote and send the form again." };
  return { field, message: error.code === "forbidden_personal_data" ? WORDS[field].personalData : WORDS[field].invalid };
}

/** Every field an error names, so none of them is echoed back (a refused value may be personal data). */
export const refusedRequestFields = fieldsOf;
