import type { ServiceError } from "@connector/core";
import { type MessageKey, message } from "@connector/ui";
import { holdsSensitiveNumber } from "../shared/shown-again.js";

/** A refused form in the person's words: what to do about each field to fix, or, when it is about none, what to do. */
export interface FormProblem<Field extends string> {
  /** Each field to fix, with its sentence, said once beside it. */
  fields: Partial<Record<Field, string>>;
  /** Said in the form's summary when the refusal is about no field of the form. */
  message?: string;
}

/** A refused form shown again: its problem, and what was typed that may be shown again. */
export interface RefusedForm<Field extends string, Value> {
  problem: FormProblem<Field>;
  values: Record<string, Value>;
}

/** Each field's words: when its value is invalid, and when it looks like personal data the form must not hold. */
export type FieldWords<Field extends string> = Record<Field, { invalid: MessageKey; personalData: MessageKey }>;

/** The top-level fields an error names (its field and its details' fields), e.g. `reference` for `reference.0`. */
function fieldsOf(error: ServiceError): string[] {
  const paths = [error.field, ...(error.details ?? []).map((detail) => detail.field)];
  return paths.filter((path): path is string => path !== undefined).map((path) => path.split(".")[0]!);
}

/**
 * A refusal said in people's words, never the API's ("recipient is required."), and what the form
 * shows again. The first of the form's fields the error names gets its sentence. The guard stops at
 * the first personal number it meets, so every other value holding one (an SSN, a card number) is
 * refused here too, with its field's personal-data sentence. Values of the named fields and those
 * holding such a number are not shown again (the page never echoes them); the rest stay as typed.
 * `other` is said when the error names no field of the form (beside any field refused here).
 */
export function refusedForm<Field extends string, Value extends string | string[]>(
  error: ServiceError,
  words: FieldWords<Field>,
  other: MessageKey,
  typed: Record<string, Value>,
): RefusedForm<Field, Value> {
  const isField = (name: string): name is Field => Object.hasOwn(words, name);
  const named = fieldsOf(error);
  const fields: Partial<Record<Field, string>> = {};
  const first = named.find(isField);
  if (first !== undefined) fields[first] = message(error.code === "forbidden_personal_data" ? words[first].personalData : words[first].invalid);
  for (const [name, value] of Object.entries(typed)) {
    if (isField(name) && fields[name] === undefined && holdsSensitiveNumber(value)) fields[name] = message(words[name].personalData);
  }
  const values = Object.fromEntries(Object.entries(typed).filter(([name, value]) => !named.includes(name) && !holdsSensitiveNumber(value)));
  const problem = first === undefined ? { fields, message: message(other) } : { fields };
  return { problem, values: values as Record<string, Value> };
}

/** The fields to fix as the form's error summary lists them: in the form's order, each linked by its element id. */
export function fieldsToFix<Field extends string>(
  problem: FormProblem<Field>,
  formFields: Record<Field, { id: string; label: MessageKey }>,
): { fieldId: string; label: string }[] {
  return (Object.keys(formFields) as Field[])
    .filter((field) => problem.fields[field] !== undefined)
    .map((field) => ({ fieldId: formFields[field].id, label: message(formFields[field].label) }));
}
