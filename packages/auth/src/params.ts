import { InvalidRequestError } from "./errors/oauth-error.js";

/** Reads one request parameter by name. */
export type ParamReader = (name: string) => string | undefined;

/**
 * Parameters from a parsed query string or form body.
 * - RFC 6749 §3.1: a parameter sent without a value is treated as omitted, and none may repeat.
 */
export function paramReader(source: unknown): ParamReader {
  const record = (typeof source === "object" && source !== null ? source : {}) as Record<string, unknown>;
  return (name) => {
    const value = Object.hasOwn(record, name) ? record[name] : undefined;
    if (value === undefined || value === "") return undefined;
    if (typeof value !== "string") throw new InvalidRequestError(`The ${name} parameter must be sent once.`);
    return value;
  };
}
