import type { ServiceError } from "@connector/core";
import { type MessageKey, message } from "@connector/ui";
import { holdsSensitiveNumber } from "../shared/shown-again.js";

/** A refused form in the person's words: the field to fix (if any) and what to do. */
export interface FormProblem<Field extends string> {
  field?: Field | undefined;
  message: string;
}

/** Each field's words: when its value is invalid, and when it looks like personal data the form must not hold. */
export type FieldWords<Field extends string> = Record<Field, { invalid: MessageKey; personalData: MessageKey }>;

/** The top-level fields an error names (its field and its details' fields), e.g. `reference` for `reference.0`. */
export function fieldsOf(error: ServiceError): string[] {
  const paths = [error.field, ...(error.details ?? []).map((detail) => detail.field)];
  return paths.filter((path): path is string => path !== undefined).map((path) => path.split(".")[0]!);
}

/**
 * A refusal said once and in people's words, never the API's ("recipient is required."): the first
 * of the form's fields the error names, with that field's sentence from the catalogue; `other` when
 * it names none of them.
 */
export function formProblem<Field extends string>(error: ServiceError, words: FieldWords<Field>, other: MessageKey): FormProblem<Field> {
  const field = fieldsOf(error).find((name): name is Field => Object.hasOwn(words, name));
  if (field === undefined) return { message: message(other) };
  return { field, message: message(error.code === "forbidden_personal_data" ? words[field].personalData : words[field].invalid) };
}

/**
 * What a refused form shows again: each value as typed, less those of the fields the error names and
 * any holding a number the personal-data guard refuses (a refusal names only the first field it met),
 * so no personal value is echoed back, in the form or in a link.
 */
export function valuesToShowAgain<Value extends string | string[]>(values: Record<string, Value>, error: ServiceError): Record<string, Value> {
  const refused = new Set(fieldsOf(error));
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !refused.has(name) && !holdsSensitiveNumber(value))) as Record<string, Value>;
}
