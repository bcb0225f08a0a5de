import { z } from "zod";
import { draftReviewPath } from "../../drafts/draft-review-path.js";
import { createPlacementDraftInputSchema } from "../../schemas/placement-draft.js";
import { defineTool } from "../define-tool.js";
import { savePlacementDraft } from "../../drafts/save-placement-draft.js";
import { draftConflicts } from "../../drafts/draft-conflicts.js";
import { draftProblemSchema, draftSavedNoticeSchema, placementDraftSchema, savedAccountSchema } from "../output-schemas.js";
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
    accounts: z
      .array(savedAccountSchema)
      .describe("The draft's accounts as saved: reference and face amount (names stay on the review page)."),
    problems: z
      .array(draftProblemSchema)
      .describe("References approval would refuse, found now: already placed on this Desk, or repeated in the draft. Empty when none."),
    reviewUrl: z.string().meta({ format: "uri" }).describe("Where the signed-in Desk owner reviews and approves this draft."),
    notice: draftSavedNoticeSchema,
  }),
  handler: async (input, context) => {
    const { principal } = context;
    const author = { deskId: deskOf(principal), userId: principal.userId, grantId: principal.grantId };
    const saved = await savePlacementDraft(context, author, input);
    // Added after the idempotent save, not stored with it: a retry answered from a key saved before
    // reviewUrl existed gets it too, and the problems are the ones approval would meet now.
    return {
      draft: saved.draft,
      accounts: input.accounts.map(({ reference, amount, currency }) => ({ reference, amount, currency })),
      problems: await draftConflicts(context.stores, author.deskId, input.accounts),
      reviewUrl: `${context.baseUrl}${draftReviewPath(saved.draft.draftId)}`,
      notice: saved.notice,
    };
  },
});
