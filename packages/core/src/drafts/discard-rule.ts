import { ServiceError } from "../errors/service-error.js";
import type { BackOfficeActor } from "../back-office/back-office-actor.js";

/** Who saved a draft, as far as the discard rule needs it: the person whose connection saved it. */
export interface DraftSaver {
  kind: "placement" | "consumer_request";
  /** The person whose connection (or page) saved the draft. */
  savedByUserId: string;
}

/**
 * Who may discard a draft (docs/decisions.md, "Who may discard"). Discarding closes a draft for good, the
 * other side of the decision spec §3 and §5.3 give the Desk's signed-in owner. So: the owner may
 * discard any draft of the Desk; a signed-in member only a draft their own agent saved (withdrawing
 * their own work, never a colleague's); a desk key, which is no person, none. A consumer's request
 * draft is theirs alone (finding it already checks that).
 */
export function mayDiscard(actor: BackOfficeActor, draft: DraftSaver): boolean {
  if (draft.kind === "consumer_request") return actor.kind === "consumer";
  if (actor.kind !== "desk" || actor.via !== "session" || actor.userId === null) return false;
  return actor.role === "owner" || actor.userId === draft.savedByUserId;
}

export function assertMayDiscard(actor: BackOfficeActor, draft: DraftSaver): void {
  if (!mayDiscard(actor, draft)) {
    throw new ServiceError(
      "owner_required",
      "Only the Desk's owner, signed in, or the person whose agent saved this draft can discard it.",
    );
  }
}
