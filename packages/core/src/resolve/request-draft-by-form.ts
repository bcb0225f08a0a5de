import type { ConsumerRequestDraftView } from "../domain/views.js";
import { assertConsumerActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf } from "../back-office/back-office-deps.js";
import { createConsumerRequestDraftInputSchema } from "../schemas/consumer-request-draft.js";
import { parseArguments } from "../schemas/parse-arguments.js";
import { saveConsumerRequestDraft } from "../drafts/save-consumer-request-draft.js";

/**
 * The consumer saves a request draft on their own page: the tool's schema, the personal-data
 * guard and the tool's writer, in the tool's order. The form carries an idempotency key minted with
 * the page, so submitting it twice saves one draft.
 */
export async function createRequestDraftByForm(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: unknown,
): Promise<{ draft: ConsumerRequestDraftView; notice: string }> {
  assertConsumerActor(actor);
  const parsed = parseArguments(createConsumerRequestDraftInputSchema, input);
  const author = { consumerId: actor.consumerId, userId: actor.userId, grantId: null };
  return saveConsumerRequestDraft({ stores: deps.stores, now: () => clockOf(deps) }, author, parsed);
}
