import type { z } from "zod";
import { requiredScope } from "../policy/scopes.js";
import type { ToolDefinition } from "./tool-definition.js";

/** Declares a tool; its scope always follows from workspace and access (spec §5.1.7), never by hand. */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  definition: Omit<ToolDefinition<Input, Output>, "scope">,
): ToolDefinition<Input, Output> {
  return { ...definition, scope: requiredScope(definition.workspace, definition.access) };
}
