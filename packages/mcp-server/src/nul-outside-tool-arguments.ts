import { findNulCharacter } from "@connector/core/guard";

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** One JSON-RPC message, its tool arguments (if it is a `tools/call`) left to core. */
function findInMessage(message: unknown, path: string): string | undefined {
  if (!isObject(message) || message.method !== "tools/call" || !isObject(message.params)) return findNulCharacter(message, path);
  const { params, ...envelope } = message;
  const { arguments: _toolArguments, ...otherParams } = params;
  return findNulCharacter(envelope, path) ?? findNulCharacter(otherParams, path === "" ? "params" : `${path}.params`);
}

/**
 * Where an MCP body holds a NUL character (U+0000) outside a `tools/call`'s `params.arguments`:
 * the envelope, the tool's name, `_meta` and every other method's params are refused by the body
 * reader (HTTP 400), while the arguments reach core's `executeTool`, which refuses a NUL there as
 * invalid input naming the field, the `isError` result every other invalid argument gets.
 */
export function findNulOutsideToolArguments(body: unknown): string | undefined {
  if (!Array.isArray(body)) return findInMessage(body, "");
  for (const [index, message] of body.entries()) {
    const found = findInMessage(message, String(index));
    if (found !== undefined) return found;
  }
  return undefined;
}
