import type { z } from "zod";

type Issue = z.core.$ZodIssue;

const plural = (count: number | bigint, one: string, many: string) => `${count} ${Number(count) === 1 ? one : many}`;

/** The size a length rule counts, in words: characters of a string, items of a list. */
function sizeOf(origin: string, amount: number | bigint): string {
  if (origin === "string") return plural(amount, "character", "characters");
  if (origin === "array" || origin === "set") return plural(amount, "item", "items");
  return String(amount);
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/**
 * A zod issue said as a person would, after the field's name: "must be at most 50", "must be
 * at most 120 characters", "is required". It describes the rule, never the rejected value.
 * Messages the schemas set themselves (a pattern's "must be a UUID …") are kept.
 */
export function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case "too_big": {
      const bound = sizeOf(issue.origin, issue.maximum as number);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return issue.inclusive === false ? `must be less than ${bound}` : `must be at most ${bound}`;
      }
      return `must be at most ${bound}`;
    }
    case "too_small": {
      const bound = sizeOf(issue.origin, issue.minimum as number);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return issue.inclusive === false ? `must be greater than ${bound}` : `must be at least ${bound}`;
      }
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "must not be empty";
      return `must have at least ${bound}`;
    }
    case "invalid_type":
      if (/received undefined$/.test(issue.message)) return "is required";
      if (issue.expected === "int") return "must be a whole number";
      return `must be ${article(issue.expected)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "invalid_format":
      // A schema's own wording ("must be a UUID …") says it best; zod's generic one does not.
      return /^must /.test(issue.message) ? issue.message : `must match the format ${issue.format === "regex" ? "described in the tool's schema" : issue.format}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return /^must /.test(issue.message) ? issue.message : `is invalid (${issue.message.replace(/^Invalid input:?\s*/i, "")})`;
  }
}
