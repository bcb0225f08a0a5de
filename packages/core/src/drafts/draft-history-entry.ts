import type { DeskActor, ConsumerActor } from "../back-office/back-office-actor.js";
import type { DraftAction, NewDraftHistoryEntry } from "../ports/back-office-stores.js";

/** The history line for a person or key acting on a draft. */
export function historyEntry(
  draft: { draftId: string; kind: "placement" | "consumer_request" },
  action: DraftAction,
  actor: DeskActor | ConsumerActor,
  at: string,
): NewDraftHistoryEntry {
  return {
    draftId: draft.draftId,
    draftKind: draft.kind,
    action,
    at,
    userId: actor.userId,
    via: actor.via,
    grantId: null,
    keyId: actor.kind === "desk" ? (actor.keyId ?? null) : null,
  };
}
