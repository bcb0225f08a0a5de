import { ServiceError } from "../errors/service-error.js";

/**
 * How deeply a JSON body may nest objects and arrays. No argument, registration or ask the service
 * reads goes past 6 levels (an MCP envelope around a draft's account item); 64 leaves room for any
 * real client while keeping every walk over a body short. Without a bound, a 64 KiB body can nest
 * 32,000 levels, past what a recursive walk's call stack holds (issue 37: it answered 500).
 */
export const MAX_JSON_DEPTH = 64;

export function jsonTooDeepError(): ServiceError {
  return new ServiceError("invalid_input", `The JSON nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep; send a flatter body.`);
}

/**
 * Whether JSON text opens more than `max` objects or arrays inside each other. It reads the text once,
 * skipping strings (and their escapes), before the text is parsed, so a too-deep body is refused
 * without building it. Malformed text is left to the parser.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // a backslash: the next character is escaped, a quote included
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** Throws `invalid_input` when JSON text nests deeper than `MAX_JSON_DEPTH`; the one check every JSON reader makes. */
export function assertJsonTextDepth(text: string): void {
  if (jsonTextTooDeep(text)) throw jsonTooDeepError();
}

/**
 * Whether a value already in memory nests objects and arrays more than `max` levels deep, walked with an
 * explicit stack (never the call stack), for values that did not come through a JSON reader.
 */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!;
    if (item === null || typeof item !== "object" || seen.has(item)) continue;
    if (depth + 1 > max) return true;
    seen.add(item);
    for (const child of Object.values(item)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** Throws `invalid_input` when a value nests deeper than `MAX_JSON_DEPTH`. */
export function assertValueDepth(value: unknown): void {
  if (valueTooDeep(value)) throw jsonTooDeepError();
}
