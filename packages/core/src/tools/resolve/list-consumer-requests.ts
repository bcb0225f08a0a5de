import { z } from "zod";
import { emptyInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { consumerRequestDraftSchema } from "../output-schemas.js";

/** Spec §8: up to 50 consumer requests listed. */
export const CONSUMER_REQUESTS_LIMIT = 50;

export const listConsumerRequestsTool = defineTool({
  workspace: "resolve",
  name: "list_consumer_requests",
  access: "read",
  title: "List consumer requests",
  description:
    "Reads up to 50 of the connected consumer's request drafts saved through this connection, newest first, with review status. Never lists a creditor's desk or anyone else's records.",
  inputSchema: emptyInputSchema,
  outputSchema: z.strictObject({ requests: z.array(consumerRequestDraftSchema) }),
  handler: async (_input, { principal, stores }) => ({
    // The same rule as get_draft_status and list_placement_drafts: a connection sees the drafts it saved.
    requests: await stores.consumerRequestDrafts.listByGrant(principal.grantId, CONSUMER_REQUESTS_LIMIT),
  }),
});
