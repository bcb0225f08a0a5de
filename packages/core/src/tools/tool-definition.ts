import type { z } from "zod";
import type { Scope, ToolAccess } from "../policy/scopes.js";
import type { Workspace } from "../policy/workspaces.js";
import type { ToolContext } from "./tool-context.js";

/**
 * One connector tool as both adapters see it (spec §4.1): REST and MCP read these fields and call
 * `handler` through `executeTool`; neither holds domain logic of its own.
 */
export interface ToolDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  workspace: Workspace;
  name: string;
  access: ToolAccess;
  scope: Scope;
  title: string;
  description: string;
  inputSchema: Input;
  /** Strict description of the result; drives OpenAPI and is checked in tests against real responses. */
  outputSchema: Output;
  handler: (input: z.output<Input>, context: ToolContext) => Promise<z.input<Output>>;
}

export type AnyToolDefinition = ToolDefinition<z.ZodType, z.ZodType>;
