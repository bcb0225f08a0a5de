import { ServiceError } from "../errors/service-error.js";

const NUL = "\u0000";

/**
 * The path (`accounts.2.name`, `title`) of the first key or text in `value` that holds a NUL
 * character (U+0000), or undefined, in document order. Spec §7: bad input is a 400 naming its field.
 * PostgreSQL's text cannot hold U+0000 (SQLite can), so it is refused at the door, before any store
 * sees it, and both dialects answer alike. It walks with an explicit stack, not recursion: a value
 * nested deeper than the call stack (a 64 KiB body holds 32,000 levels) answered 500 (issue 37).
 */
export function findNulCharacter(value: unknown, path = ""): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path }];
  while (stack.length > 0) {
    const { value: item, path: here } = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes(NUL)) return here || "body";
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    const entries = Object.entries(item);
    for (const [key] of entries) if (key.includes(NUL)) return here || "body";
    // Pushed last to first, so the first entry is looked at first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      stack.push({ value: child, path: here === "" ? key : `${here}.${key}` });
    }
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
