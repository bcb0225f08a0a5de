import type { PlacementDraftView } from "../domain/views.js";
import { newId } from "../ids/uuid-v7.js";
import type { CreatePlacementDraftInput } from "../schemas/placement-draft.js";
import { DRAFT_SAVED_NOTICE } from "./draft-notice.js";
import { type IdempotentDraftContext, runIdempotentDraft } from "./idempotent-draft.js";

/** Who saves a placement draft: a Desk person, through a connection. */
export interface PlacementDraftAuthor {
  deskId: string;
  userId: string;
  grantId: string;
}

/**
 * The one writer of placement drafts (spec §2.3), for the create_placement_draft tool: idempotent
 * on the key (an identical retry returns the same draft, changed content is 409), saved for human
 * review, no live account added. A replay is handed only to the connection that saved the draft.
 */
export function savePlacementDraft(
  context: Pick<IdempotentDraftContext, "stores" | "now">,
  author: PlacementDraftAuthor,
  input: CreatePlacementDraftInput,
): Promise<{ draft: PlacementDraftView; notice: string }> {
  const principal = { userId: author.userId, workspace: "desk" as const };
  return runIdempotentDraft(
    { ...context, principal },
    input,
    async (stores) => {
      const draft = await stores.placementDrafts.create({
        draftId: newId(),
        deskId: author.deskId,
        userId: author.userId,
        grantId: author.grantId,
        title: input.title,
        accounts: input.accounts,
        createdAt: context.now().toISOString(),
      });
      return { draft, notice: DRAFT_SAVED_NOTICE };
    },
    async (stores, draftId) => (await stores.placementDrafts.findByGrant(author.grantId, draftId)) !== undefined,
  );
}
