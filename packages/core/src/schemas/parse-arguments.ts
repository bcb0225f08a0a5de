import type { z } from "zod";
import { validateInput } from "../validation/validate-input.js";

/** The schema alone: 400 `invalid_input` naming the field, for values the service minted (tokens). */
export function parseShape<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return validateInput(schema, input, { personalData: "names" });
}

/**
 * The checks every body and query of the back office gets, in the order the connector tools use
 * (core's one `validateInput`): the schema (400 `invalid_input` naming the field), then the
 * personal-data guard on every string of what passed (400 `forbidden_personal_data`).
 */
export function parseArguments<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return validateInput(schema, input);
}
