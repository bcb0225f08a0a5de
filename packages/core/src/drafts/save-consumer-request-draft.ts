import type { ConsumerRequestDraftView } from "../domain/views.js";
import { newId } from "../ids/uuid-v7.js";
import type { DraftSaveStores } from "../ports/tool-stores.js";
import type { CreateConsumerRequestDraftInput } from "../schemas/consumer-request-draft.js";
import { DRAFT_SAVED_NOTICE } from "./draft-notice.js";
import { type IdempotentDraftContext, type ReplayVisibility, runIdempotentDraft } from "./idempotent-draft.js";

/** Who saves a request draft: the consumer, through a connection (`grantId`) or on the page (null). */
export interface RequestDraftAuthor {
  consumerId: string;
  userId: string;
  grantId: string | null;
}

/**
 * The one writer of consumer request drafts (spec §2.4), for the create_consumer_request_draft
 * tool and the /resolve form alike: idempotent on the key (an identical retry returns the same
 * draft, changed content is 409), saved for review, never sent.
 */
export function saveConsumerRequestDraft(
  context: Pick<IdempotentDraftContext, "stores" | "now">,
  author: RequestDraftAuthor,
  input: CreateConsumerRequestDraftInput,
): Promise<{ draft: ConsumerRequestDraftView; notice: string }> {
  const principal = { userId: author.userId, workspace: "resolve" as const };
  const { grantId } = author;
  // Through a connection, only a draft that connection saved is handed back; the page sees them all.
  const visibleToCaller: ReplayVisibility | undefined =
    grantId === null ? undefined : async (stores, draftId) => (await stores.consumerRequestDrafts.findByGrant(grantId, draftId)) !== undefined;
  const save = async (stores: DraftSaveStores) => {
    const draft = await stores.consumerRequestDrafts.create({
      draftId: newId(),
      consumerId: author.consumerId,
      userId: author.userId,
      grantId: author.grantId,
      kind: input.kind,
      recipient: input.recipient,
      reference: input.reference,
      channel: input.channel,
      createdAt: context.now().toISOString(),
    });
    return { draft, notice: DRAFT_SAVED_NOTICE };
  };
  return runIdempotentDraft({ ...context, principal }, input, save, visibleToCaller);
}
