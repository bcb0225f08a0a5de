import type { z } from "zod";
import { echoedInput } from "../errors/echoed-input.js";
import { ServiceError } from "../errors/service-error.js";
import { findSensitiveNumber } from "../guard/personal-data-guard.js";
import type { InputPlace } from "../validation/validate-input.js";
import { describeIssue } from "./issue-message.js";

/**
 * Turns the first zod issue into the service's 400: the field as a dotted path, and a message
 * that names the field and says the rule as a person would ("limit must be at most 50"), never
 * the rejected value. `where` is the door's name for the whole value (core's `validateInput`);
 * tools' `arguments` keep their words, and a named place (`body`, `query`, `path`) is the field when
 * the whole value is wrong.
 */
export function invalidInputError(error: z.ZodError, where: InputPlace = "arguments"): ServiceError {
  const issue = error.issues[0];
  if (issue === undefined) return new ServiceError("invalid_input", "The arguments are invalid.");
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    // A property name is caller text too: one that carries personal data is refused without repeating it.
    if (findSensitiveNumber(key) !== undefined) {
      const parent = path.join(".");
      return new ServiceError(
        "forbidden_personal_data",
        `A property name${parent === "" ? "" : ` in ${parent}`} looks like personal data; remove it.`,
        parent === "" ? {} : { field: parent },
      );
    }
    // The caller's own name for it, repeated as a short escaped excerpt (core's one rule for echoed input).
    const field = [...path, echoedInput(key)].join(".");
    // Door-neutral words: a domain operation that validates its own input says the same whichever door called it.
    return new ServiceError("invalid_input", `${field} is not accepted here; remove it.`, { field });
  }
  const field = path.join(".");
  if (field === "" && where === "arguments") return new ServiceError("invalid_input", "The arguments must be a JSON object.");
  if (field === "") return new ServiceError("invalid_input", `The ${where} ${describeIssue(issue)}.`, { field: where });
  return new ServiceError("invalid_input", `${field} ${describeIssue(issue)}.`, { field });
}
