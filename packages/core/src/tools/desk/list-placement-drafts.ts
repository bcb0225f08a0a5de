import { z } from "zod";
import { emptyInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { placementDraftSchema } from "../output-schemas.js";

/** Spec §8: up to 50 placement drafts listed. */
export const PLACEMENT_DRAFTS_LIMIT = 50;

export const listPlacementDraftsTool = defineTool({
  workspace: "desk",
  name: "list_placement_drafts",
  access: "read",
  title: "List placement drafts",
  description:
    "Lists up to 50 placement drafts created by this connection, newest first, with their human-review status. Changes and submits nothing.",
  inputSchema: emptyInputSchema,
  outputSchema: z.strictObject({ drafts: z.array(placementDraftSchema) }),
  handler: async (_input, { principal, stores }) => ({
    drafts: await stores.placementDrafts.listByGrant(principal.grantId, PLACEMENT_DRAFTS_LIMIT),
  }),
});
