import type { ServiceError } from "@connector/core";
import { type MessageKey, message } from "@connector/ui";

/** The request form's fields (the tool's argument names, spec §2.4) a person can fix. */
export type RequestFormField = "kind" | "recipient" | "reference" | "channel";

/** A refused request form in the person's words: the field to fix (if any) and what to do. */
export interface RequestFormProblem {
  field?: RequestFormField | undefined;
  message: string;
}

/**
 * Each refusal, said once and in people's words: never the API's ("recipient is required."). Whole sentences per
 * field, in the catalogue (`resolve.form.problem.*`), said in the reader's language.
 */
const WORDS: Record<RequestFormField, { invalid: MessageKey; personalData: MessageKey }> = {
  kind: { invalid: "resolve.form.problem.kind", personalData: "resolve.form.problem.kind" },
  recipient: { invalid: "resolve.form.problem.recipient", personalData: "resolve.form.problem.recipientPersonalData" },
  reference: { invalid: "resolve.form.problem.reference", personalData: "resolve.form.problem.referencePersonalData" },
  channel: { invalid: "resolve.form.problem.channel", personalData: "resolve.form.problem.channel" },
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
    return { message: message("resolve.form.problem.repeated") };
  }
  if (field === undefined) return { message: message("resolve.form.problem.other") };
  return { field, message: message(error.code === "forbidden_personal_data" ? WORDS[field].personalData : WORDS[field].invalid) };
}

/** Every field an error names, so none of them is echoed back (a refused value may be personal data). */
export const refusedRequestFields = fieldsOf;
