import type { ErrorDetail } from "@connector/core";
import { MAX_PLACEMENT_AMOUNT } from "@connector/core/placements";
import { holdsSensitiveNumber } from "./shown-again.js";

/** The fields of the one-account form, in the order they are shown. */
export const ONE_ACCOUNT_FIELDS = ["reference", "name", "amount", "currency", "creditor"] as const;
export type OneAccountField = (typeof ONE_ACCOUNT_FIELDS)[number];

/** What the one-account form shows again after a preview: what was typed, and one message per field. */
export interface OneAccountForm {
  values: Partial<Record<OneAccountField, string>>;
  errors: Partial<Record<OneAccountField, string>>;
}

const HUMAN_MAX = `${(MAX_PLACEMENT_AMOUNT / 1_000_000).toLocaleString("en-US")} million`;

/** Said beside a field whose value holds a number the service never keeps. */
const PERSONAL_NUMBER = "This looks like a Social Security, card or bank account number, so it was not kept. Remove it from this field.";

/** Said next to the field, as a person fixes it: no row numbers (the form has one account), no field paths. */
const MESSAGES: Partial<Record<ErrorDetail["code"], Partial<Record<OneAccountField, string>>>> = {
  invalid_input: {
    reference: "Enter your reference for this account, at most 80 characters.",
    name: "Enter the account holder's name, at most 120 characters.",
    currency: "Enter three capital letters, like USD, or leave it empty for USD.",
    creditor: "Enter at most 120 characters, or leave it empty.",
  },
  invalid_amount: {
    amount: `Enter the balance as a number from 0 to ${HUMAN_MAX}, like 1234.56 or $1,234.56, with no more decimal places than the currency has. Leave it empty if you do not know it.`,
  },
  forbidden_personal_data: Object.fromEntries(ONE_ACCOUNT_FIELDS.map((field) => [field, PERSONAL_NUMBER])),
  reference_conflict: {
    reference: "Your Desk already has an account with this reference. Use another reference, or search for that account below.",
  },
};

/**
 * The domain's problems with the one account, as one message per field. A value refused as personal
 * data (an SSN typed as the reference) is not shown again, nor any other holding such a number: the
 * page never echoes it.
 */
export function oneAccountForm(typed: Record<string, string>, problems: readonly ErrorDetail[]): OneAccountForm {
  const values: OneAccountForm["values"] = {};
  for (const field of ONE_ACCOUNT_FIELDS) {
    const value = typed[field];
    if (value !== undefined && value !== "" && !holdsSensitiveNumber(value)) values[field] = value;
  }
  const errors: OneAccountForm["errors"] = {};
  for (const problem of problems) {
    const field = ONE_ACCOUNT_FIELDS.find((name) => problem.field?.endsWith(`.${name}`));
    if (field === undefined || errors[field] !== undefined) continue;
    // The domain's own words for anything not listed, less the prefix naming its row ("Account 1, amount:").
    errors[field] = MESSAGES[problem.code]?.[field] ?? problem.message.replace(/^(?:Account|Row) \d+(, [a-z]+)?: /, "");
    if (problem.code === "forbidden_personal_data") delete values[field];
  }
  // The guard names only the first personal number it meets: any other field holding one is refused here too.
  for (const field of ONE_ACCOUNT_FIELDS) {
    const value = typed[field];
    if (errors[field] === undefined && value !== undefined && holdsSensitiveNumber(value)) errors[field] = PERSONAL_NUMBER;
  }
  return { values, errors };
}
