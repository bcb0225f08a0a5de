import { z } from "zod";
import { newId } from "../../ids/uuid-v7.js";
import { createConsumerRequestDraftInputSchema } from "../../schemas/consumer-request-draft.js";
import { defineTool } from "../define-tool.js";
import { DRAFT_SAVED_NOTICE } from "../draft-notice.js";
import { runIdempotentDraft } from "../idempotent-draft.js";
import { consumerRequestDraftSchema, draftSavedNoticeSchema } from "../output-schemas.js";
import { consumerOf } from "../principal-scope.js";

export const createConsumerRequestDraftTool = defineTool({
  workspace: "resolve",
  name: "create_consumer_request_draft",
  access: "draft",
  title: "Save a consumer request draft",
  description:
    "Saves the consumer's neutral request (for documents, or a communication preference) in their account for review. It is never sent automatically and is not a legal notice. Retry with the same idempotencyKey and identical content to get the same draft.",
  inputSchema: createConsumerRequestDraftInputSchema,
  outputSchema: z.strictObject({ draft: consumerRequestDraftSchema, notice: draftSavedNoticeSchema }),
  handler: async (input, context) => {
    const { principal } = context;
    const consumerId = consumerOf(principal);
    return runIdempotentDraft(context, input, async (stores) => {
      const draft = await stores.consumerRequestDrafts.create({
        draftId: newId(),
        consumerId,
        userId: principal.userId,
        grantId: principal.grantId,
        kind: input.kind,
        recipient: input.recipient,
        reference: input.reference,
        channel: input.channel,
        createdAt: context.now().toISOString(),
      });
      return { draft, notice: DRAFT_SAVED_NOTICE };
    });
  },
});
