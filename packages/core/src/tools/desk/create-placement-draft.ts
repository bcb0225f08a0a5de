import { z } from "zod";
import { draftReviewPath } from "../../drafts/draft-review-path.js";
import { createPlacementDraftInputSchema } from "../../schemas/placement-draft.js";
import { defineTool } from "../define-tool.js";
import { savePlacementDraft } from "../../drafts/save-placement-draft.js";
import { draftSavedNoticeSchema, placementDraftSchema } from "../output-schemas.js";
import { deskOf } from "../principal-scope.js";

export const createPlacementDraftTool = defineTool({
  workspace: "desk",
  name: "create_placement_draft",
  access: "draft",
  title: "Save a placement draft",
  description:
    "Saves user-selected accounts as a placement draft for human review. Adds no live account, contacts no one and starts no recovery. Answers reviewUrl: give it to the person, who reviews and approves the draft there. Retry with the same idempotencyKey and identical content to get the same draft.",
  inputSchema: createPlacementDraftInputSchema,
  outputSchema: z.strictObject({
    draft: placementDraftSchema,
    reviewUrl: z.string().meta({ format: "uri" }).describe("Where the signed-in Desk owner reviews and approves this draft."),
    notice: draftSavedNoticeSchema,
  }),
  handler: async (input, context) => {
    const { principal } = context;
    const author = { deskId: deskOf(principal), userId: principal.userId, grantId: principal.grantId };
    const saved = await savePlacementDraft(context, author, input);
    // Added after the idempotent save, not stored with it: a retry answered from a key saved before
    // reviewUrl existed gets it too.
    return { draft: saved.draft, reviewUrl: `${context.baseUrl}${draftReviewPath(saved.draft.draftId)}`, notice: saved.notice };
  },
});
