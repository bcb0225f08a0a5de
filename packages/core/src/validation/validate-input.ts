import type { z } from "zod";
import { assertNoNulCharacter } from "../guard/nul-characters.js";
import { assertNoForbiddenPersonalData } from "../guard/personal-data-guard.js";
import { invalidInputError } from "../tools/input-error.js";

/** Where the value came from, as the messages name it when the whole of it is wrong ("The body must be …"). */
export type InputPlace = "arguments" | "body" | "query" | "path";

export interface ValidateOptions {
  /**
   * Where the value came from. A door that names it (`body`, `query`, `path`) also gets it as the
   * error's `field` when the whole value is wrong; tools' `arguments` (the default) name no field.
   */
  where?: InputPlace;
  /**
   * `refuse` (the default): every string and number of what passed meets the personal-data guard.
   * `names`: only property names do (through the schema's unknown keys), for values the service
   * minted itself (invite tokens, whose random digits the guard could read as a number) or that
   * a later step checks.
   */
  personalData?: "refuse" | "names";
}

/**
 * The one validation every door uses: tools, `/api/v1` and people's pages. In this order:
 * refuse a NUL character (naming the field), parse with the schema (400 `invalid_input` naming the
 * field and the rule, never the value; a property name that looks like personal data is
 * `forbidden_personal_data`), then refuse personal data in what passed. Returns the schema's output.
 */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown, options: ValidateOptions = {}): z.output<S> {
  assertNoNulCharacter(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInputError(parsed.error, options.where);
  // After the schema, so a field of the wrong shape is reported as invalid input, not as personal data.
  if ((options.personalData ?? "refuse") === "refuse") assertNoForbiddenPersonalData(parsed.data);
  return parsed.data;
}
