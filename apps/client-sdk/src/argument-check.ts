import { type Schema, Validator } from "@cfworker/json-schema";
import { InvalidArgumentsError } from "./errors.js";
import { REQUEST_SCHEMAS } from "./generated/request-schemas.js";

const validators = new Map<string, Validator>();

/**
 * Checks a tool's arguments against its published request schema before anything is sent, after
 * filling the schema's defaults (`limit` 20, `currency` USD, `channel` service) as the service would.
 * The validator (@cfworker/json-schema) compiles nothing with `eval`, so it runs in workers too.
 * Returns the arguments with defaults applied; throws {@link InvalidArgumentsError} naming the field.
 */
export function checkArguments(operationId: string, args: object): Record<string, unknown> {
  const schema = REQUEST_SCHEMAS[operationId] as Schema | undefined;
  if (schema === undefined) throw new InvalidArgumentsError(undefined, `There is no tool ${operationId}.`);
  const filled = withDefaults(schema, args) as Record<string, unknown>;
  let validator = validators.get(operationId);
  if (validator === undefined) {
    validator = new Validator(schema, "2020-12", true);
    validators.set(operationId, validator);
  }
  const result = validator.validate(filled);
  if (result.valid) return filled;
  // The deepest location names the argument at fault; the outer entries only say its parent failed.
  const deepest = result.errors.reduce((a, b) => (b.instanceLocation.length > a.instanceLocation.length ? b : a));
  const field = deepest.instanceLocation.replace(/^#\/?/, "").split("/").filter(Boolean).join(".") || undefined;
  throw new InvalidArgumentsError(field, `Invalid argument${field === undefined ? "s" : ` ${field}`}: ${deepest.error}`);
}

function withDefaults(schema: Schema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = schema.items;
    return items !== undefined && typeof items === "object" && !Array.isArray(items)
      ? value.map((item) => withDefaults(items as Schema, item))
      : value;
  }
  if (typeof value !== "object" || value === null || schema.properties === undefined) return value;
  const filled: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (typeof property !== "object") continue;
    if (filled[name] === undefined && property.default !== undefined) filled[name] = property.default;
    else if (filled[name] !== undefined) filled[name] = withDefaults(property, filled[name]);
  }
  return filled;
}
