import type { z } from "zod";
import { assertNoForbiddenPersonalData } from "../guard/personal-data-guard.js";
import { invalidInputError } from "../tools/input-error.js";

/** The schema alone: 400 `invalid_input` naming the field, for values the service minted (tokens). */
export function parseShape<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInputError(parsed.error);
  return parsed.data;
}

/**
 * The checks every body and query of the back office gets, in the order the connector tools use:
 * the schema (400 `invalid_input` naming the field), then the personal-data guard on every string
 * of what passed (400 `forbidden_personal_data`), so free text never carries an SSN or a card.
 */
export function parseArguments<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseShape(schema, input);
  assertNoForbiddenPersonalData(parsed);
  return parsed;
}
