import { z } from "zod";
import { UNAVAILABLE_ACTIONS } from "../../policy/never-list.js";
import { ALL_SCOPES } from "../../policy/scopes.js";
import { WORKSPACES, type Workspace } from "../../policy/workspaces.js";
import { emptyInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { toolsGrantedTo } from "../granted-tools.js";
import { REVIEW_STEPS } from "./review-steps.js";

const capabilitiesSchema = z.strictObject({
  workspace: z.enum(WORKSPACES),
  grantedScopes: z.array(z.enum(ALL_SCOPES as [string, ...string[]])),
  tools: z.array(
    z.strictObject({
      name: z.string(),
      title: z.string(),
      access: z.enum(["read", "draft"]),
      scope: z.string(),
    }),
  ),
  reviewSteps: z.array(z.string()),
  unavailableActions: z.array(z.strictObject({ action: z.string(), description: z.string() })),
});

export function getConnectorCapabilitiesTool(workspace: Workspace) {
  return defineTool({
    workspace,
    name: "get_connector_capabilities",
    access: "read",
    title: "Get connector capabilities",
    description:
      "Returns the connected workspace, the granted permissions, the tools this connection can call, the human review steps and the actions the service never takes. Call it first.",
    inputSchema: emptyInputSchema,
    outputSchema: capabilitiesSchema,
    handler: async (_input, { principal, catalogue }) => ({
      workspace,
      grantedScopes: [...principal.scopes],
      tools: toolsGrantedTo(catalogue, workspace, principal.scopes).map(({ name, title, access, scope }) => ({ name, title, access, scope })),
      reviewSteps: [...REVIEW_STEPS[workspace]],
      unavailableActions: UNAVAILABLE_ACTIONS.map(({ action, description }) => ({ action, description })),
    }),
  });
}
