import { z } from "zod";
import { saveConsumerRequestDraft } from "../../drafts/save-consumer-request-draft.js";
import { createConsumerRequestDraftInputSchema } from "../../schemas/consumer-request-draft.js";
import { defineTool } from "../define-tool.js";
import { consumerRequestDraftSchema, draftSavedNoticeSchema } from "../output-schemas.js";
import { consumerOf } from "../principal-scope.js";
import { NO_CHOICES } from "../../resolve/contact-preference-choices.js";
import { letterText, requestLetter } from "../../resolve/request-letter.js";

export const createConsumerRequestDraftTool = defineTool({
  workspace: "resolve",
  name: "create_consumer_request_draft",
  access: "draft",
  title: "Save a consumer request draft",
  description:
    "Saves the consumer's neutral request (for documents, or a communication preference) in their account for review. It is never sent automatically and is not a legal notice. `channel` records how the consumer plans to send it themselves (default service: not decided yet); the service never sends or relays it, so a collector cannot reply through it. The consumer copies the letter from the draft's page, fills in their own name, address and signature, and states there the times, places and ways of contact they do not want. Retry with the same idempotencyKey and identical content to get the same draft.",
  inputSchema: createConsumerRequestDraftInputSchema,
  outputSchema: z.strictObject({
    draft: consumerRequestDraftSchema,
    letter: z
      .string()
      .describe(
        "The letter as it will read, with bracketed places the consumer fills in on the draft's page; in the language the request's Accept-Language prefers (English or Spanish).",
      ),
    notice: draftSavedNoticeSchema,
  }),
  handler: async (input, context) => {
    const { principal } = context;
    const author = { consumerId: consumerOf(principal), userId: principal.userId, grantId: principal.grantId };
    const saved = await saveConsumerRequestDraft(context, author, input);
    // Written from the saved draft, not stored: the page writes the same letter (the person's choices added there).
    return { draft: saved.draft, letter: letterText(requestLetter(saved.draft, NO_CHOICES, { language: context.language })), notice: saved.notice };
  },
});
