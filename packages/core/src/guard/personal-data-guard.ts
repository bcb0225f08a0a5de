import { ServiceError } from "../errors/service-error.js";
import { containsCardNumber } from "./card-number-detector.js";
import { containsRoutingNumber } from "./routing-number-detector.js";
import { containsSsn } from "./ssn-detector.js";

/** The kinds of forbidden number the guard recognises (spec §1, domain.md "Personal data"). */
export type SensitiveNumberKind = "ssn" | "card" | "routing";

const KIND_LABEL: Record<SensitiveNumberKind, string> = {
  ssn: "an SSN",
  card: "a payment card number",
  routing: "a bank routing number",
};

/**
 * The first kind of forbidden number found in `text`, checked in a fixed order: card, then routing
 * number, then SSN. A bare 9-digit number that is both SSN-shaped and passes the ABA checksum
 * (e.g. "123456780") is therefore always reported as "routing".
 */
export function findSensitiveNumber(text: string): SensitiveNumberKind | undefined {
  if (!hasDigitsForSensitiveNumber(text)) return undefined;
  if (containsCardNumber(text)) return "card";
  if (containsRoutingNumber(text)) return "routing";
  if (containsSsn(text)) return "ssn";
  return undefined;
}

/** The shortest number any detector reports: an SSN or a routing number (a card has 13 or more). */
const FEWEST_SENSITIVE_DIGITS = 9;

/**
 * Most arguments (limits, short names, references) hold fewer digits than any sensitive number,
 * so counting digits first spares them the full scan, which runs on every call.
 */
function hasDigitsForSensitiveNumber(text: string): boolean {
  let digits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57 && ++digits >= FEWEST_SENSITIVE_DIGITS) return true;
  }
  return false;
}

const ADVICE = "remove it. Do not send government IDs, account numbers or payment credentials.";

/**
 * Spec §1: callers must not put government IDs, SSNs, account numbers or payment credentials into tool
 * arguments. Walks every string and number (as its decimal string) of `args`, depth first in document
 * order, and throws `forbidden_personal_data` (400) at the first hit with the dotted path of the
 * argument (`accounts.0.name`). Property names are checked too. The message never contains the value.
 */
export function assertNoForbiddenPersonalData(args: unknown): void {
  const seen = new WeakSet<object>();
  // An explicit stack (not recursion) so deeply nested input cannot overflow the call stack.
  const stack: Array<{ value: unknown; path: string }> = [{ value: args, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const text = scalarText(value);
    if (text !== undefined) {
      const kind = findSensitiveNumber(text);
      if (kind !== undefined) throw forbidden(kind, path, path === "" ? "The arguments look like" : `${path} looks like`);
      continue;
    }
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    if (!Array.isArray(value)) {
      for (const [key] of entries) {
        const kind = findSensitiveNumber(key);
        if (kind !== undefined) {
          throw forbidden(kind, path, `A property name in ${path === "" ? "the arguments" : path} looks like`);
        }
      }
    }
    for (let k = entries.length - 1; k >= 0; k--) {
      const [key, child] = entries[k]!;
      stack.push({ value: child, path: path === "" ? key : `${path}.${key}` });
    }
  }
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return value.toString(10);
  return undefined;
}

function forbidden(kind: SensitiveNumberKind, path: string, subject: string): ServiceError {
  return new ServiceError("forbidden_personal_data", `${subject} ${KIND_LABEL[kind]}; ${ADVICE}`, {
    ...(path === "" ? {} : { field: path }),
  });
}
