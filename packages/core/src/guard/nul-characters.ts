import { ServiceError } from "../errors/service-error.js";

const NUL = "\u0000";

/**
 * The path (`accounts.2.name`, `title`) of the first key or text in `value` that holds a NUL
 * character (U+0000), or undefined. Spec §7: bad input is a 400 naming its field. PostgreSQL's
 * text cannot hold U+0000 (SQLite can), so it is refused at the door, before any store sees it,
 * and both dialects answer alike.
 */
export function findNulCharacter(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes(NUL) ? path || "body" : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = path === "" ? key : `${path}.${key}`;
    if (key.includes(NUL)) return path || "body";
    const found = findNulCharacter(item, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function nulCharacterError(field: string): ServiceError {
  return new ServiceError("invalid_input", `${field} contains a NUL character (U+0000), which no text here may hold.`, { field });
}

/** Throws `invalid_input` naming the field when `value` holds a NUL character anywhere. */
export function assertNoNulCharacter(value: unknown, path = ""): void {
  const field = findNulCharacter(value, path);
  if (field !== undefined) throw nulCharacterError(field);
}
