import type { ConsumerRequestDraftView } from "../domain/views.js";
import { notFound } from "../errors/service-error.js";
import { CONSUMER_REQUEST_CHANNEL_WORDS } from "../schemas/consumer-request-draft.js";
import { assertConsumerActor, type BackOfficeActor } from "./back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "./back-office-deps.js";
import { historyEntry } from "./draft-history-entry.js";

export const COPY_NOTICE =
  "This is your text to send yourself, if you decide to. The service has not sent it and never sends anything for you.";

export interface CopiedRequest {
  draft: ConsumerRequestDraftView;
  /** The full request, ready for the consumer to send by their own means. */
  text: string;
  notice: string;
}

/** The request's full text in neutral words (spec §2.4): not a legal notice, no judgement of validity. */
export function consumerRequestText(draft: ConsumerRequestDraftView): string {
  const about = draft.reference === null ? "the account you contacted me about" : `the account with reference ${draft.reference}`;
  const channel = CONSUMER_REQUEST_CHANNEL_WORDS[draft.channel];
  const body =
    draft.requestKind === "documents"
      ? [
          `I am writing about ${about}.`,
          "Please send me the documents that show this debt: the name and address of the original creditor, the amount and how it was reached, a copy of the last statement, the date of delinquency, and your authority to collect it.",
          `Please reply ${channel}.`,
        ]
      : [
          `I am writing about ${about}.`,
          `Please contact me about this account only ${channel}.`,
          "Please do not contact me at work or at times that are inconvenient for me.",
        ];
  return [`To: ${draft.recipient}`, "", ...body, "", "Thank you."].join("\n");
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
