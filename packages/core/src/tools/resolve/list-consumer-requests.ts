import { z } from "zod";
import { emptyInputSchema } from "../../schemas/tool-inputs.js";
import { defineTool } from "../define-tool.js";
import { consumerRequestDraftSchema } from "../output-schemas.js";
import { consumerOf } from "../principal-scope.js";

/** Spec §8: up to 50 consumer requests listed. */
export const CONSUMER_REQUESTS_LIMIT = 50;

export const listConsumerRequestsTool = defineTool({
  workspace: "resolve",
  name: "list_consumer_requests",
  access: "read",
  title: "List consumer requests",
  description:
    "Reads up to 50 of the connected consumer's saved request drafts, newest first, with review status. Never lists a creditor's desk or anyone else's records.",
  inputSchema: emptyInputSchema,
  outputSchema: z.strictObject({ requests: z.array(consumerRequestDraftSchema) }),
  handler: async (_input, { principal, stores }) => ({
    requests: await stores.consumerRequestDrafts.listByConsumer(consumerOf(principal), CONSUMER_REQUESTS_LIMIT),
  }),
});
