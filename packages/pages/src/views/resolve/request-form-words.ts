import type { ServiceError } from "@connector/core";
import { message } from "@connector/ui";
import { type FieldWords, type FormProblem, type RefusedForm, refusedForm } from "./form-problem.js";

/** The request form's fields (the tool's argument names, spec §2.4) a person can fix. */
export type RequestFormField = "kind" | "recipient" | "reference" | "channel";

export type RequestFormProblem = FormProblem<RequestFormField>;

/**
 * Each refusal, said once and in people's words: never the API's ("recipient is required."). Whole sentences per
 * field, in the catalogue (`resolve.form.problem.*`), said in the reader's language.
 */
const WORDS: FieldWords<RequestFormField> = {
  kind: { invalid: "resolve.form.problem.kind", personalData: "resolve.form.problem.kind" },
  recipient: { invalid: "resolve.form.problem.recipient", personalData: "resolve.form.problem.recipientPersonalData" },
  reference: { invalid: "resolve.form.problem.reference", personalData: "resolve.form.problem.referencePersonalData" },
  channel: { invalid: "resolve.form.problem.channel", personalData: "resolve.form.problem.channel" },
};

/** What the page says about a refused request form, and what it shows again. A repeated request keeps everything typed. */
export function refusedRequestForm(error: ServiceError, typed: Record<string, string>): RefusedForm<RequestFormField, string> {
  if (error.code === "idempotency_conflict") return { problem: { fields: {}, message: message("resolve.form.problem.repeated") }, values: typed };
  return refusedForm(error, WORDS, "resolve.form.problem.other", typed);
}
