import type { ConsumerRequestDraftView } from "../domain/views.js";
import { notFound } from "../errors/service-error.js";
import type { ContactPreferenceChoices } from "../resolve/contact-preference-choices.js";
import { letterText, requestLetter } from "../resolve/request-letter.js";
import { assertConsumerActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { historyEntry } from "./draft-history-entry.js";

export const COPY_NOTICE =
  "This is your text to send yourself, if you decide to. The service has not sent it and never sends anything for you.";

export interface CopiedRequest {
  draft: ConsumerRequestDraftView;
  /** The full request, ready for the consumer to send by their own means. */
  text: string;
  notice: string;
}

/**
 * The request's full text in neutral words (spec §2.4): not a legal notice, no judgement of
 * validity, with marked places ("[Your name]") for what the person adds after copying.
 */
export function consumerRequestText(draft: ConsumerRequestDraftView, choices?: ContactPreferenceChoices): string {
  return letterText(requestLetter(draft, choices));
}

/** Copy for the consumer (spec §2.4 "drafts can be copied"); the copy is recorded in the history. */
export async function copyConsumerRequest(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  draftId: string,
): Promise<CopiedRequest> {
  assertConsumerActor(actor);
  const at = clockOf(deps).toISOString();
  const draft = await deps.stores.transaction(async (stores) => {
    const record = await stores.draftReviews.findConsumerRequest(actor.consumerId, draftId);
    if (record === undefined) throw notFound("draft");
    await stores.draftHistory.append(historyEntry(record, "copied", actor, at));
    const { consumerId: _consumerId, savedByUserId: _saver, ...view } = record;
    return view;
  });
  return { draft, text: consumerRequestText(draft), notice: COPY_NOTICE };
}
