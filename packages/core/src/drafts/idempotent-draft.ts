import { ServiceError } from "../errors/service-error.js";
import type { IdempotencyScope } from "../ports/domain-stores.js";
import type { DraftSaveStores, DraftTransaction } from "../ports/tool-stores.js";
import { contentHash } from "../tools/canonical-json.js";
import type { ConnectorPrincipal } from "../ports/connector-principal.js";

/** What a draft save needs of its caller: a tool call, or a person's form (no connection). */
export interface IdempotentDraftContext {
  stores: DraftTransaction;
  now: () => Date;
  principal: Pick<ConnectorPrincipal, "userId" | "workspace">;
}

/** How long an idempotency key is remembered: as long as a refresh token lives (docs/decisions.md). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether the draft a key saved may be handed to this caller: a connection reads only the drafts it
 * saved (get_draft_status, the list tools), so a replay hands over only those. Absent, every replay
 * is handed over (a person's own page, which shows all of their drafts).
 */
export type ReplayVisibility = (stores: DraftSaveStores, draftId: string) => Promise<boolean>;

/**
 * Spec §7 rules 1–3 for draft tools, in one transaction: the first call with a key saves the draft
 * and its result; a retry with identical content returns that same result; changed content is 409.
 * The key belongs to the connected person and workspace, so a retry after a token refresh is still
 * a retry, and one key never saves two drafts. A draft id is only handed to a caller that can read
 * it: the same key and content from another connection of the same person is 409 too, rather than
 * an id its get_draft_status would answer 404 (docs/decisions.md, "Replays and visibility").
 */
export async function runIdempotentDraft<Result extends { draft: { draftId: string } }>(
  context: IdempotentDraftContext,
  input: { idempotencyKey: string },
  save: (stores: DraftSaveStores) => Promise<Result>,
  visibleToCaller?: ReplayVisibility,
): Promise<Result> {
  const { idempotencyKey, ...content } = input;
  const scope: IdempotencyScope = {
    userId: context.principal.userId,
    workspace: context.principal.workspace,
    key: idempotencyKey,
  };
  const requestHash = contentHash(content);
  const now = context.now();
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_RETENTION_MS).toISOString();

  return context.stores.transaction(async (stores) => {
    const claim = await stores.idempotency.claim(scope, requestHash, now.toISOString(), expiresAt);
    if (claim.kind === "replay") {
      if (claim.requestHash !== requestHash) {
        throw new ServiceError(
          "idempotency_conflict",
          "This idempotencyKey was already used with different content. Use a new key for a new draft.",
          { field: "idempotencyKey" },
        );
      }
      const replayed = claim.response as Result;
      if (visibleToCaller !== undefined && !(await visibleToCaller(stores, replayed.draft.draftId))) {
        throw new ServiceError(
          "idempotency_conflict",
          "This idempotencyKey already saved a draft through another connection of yours, which this connection cannot read. Use a new key for a new draft; the person finds the first one on the Connections page.",
          { field: "idempotencyKey" },
        );
      }
      return replayed;
    }
    const result = await save(stores);
    await stores.idempotency.complete(scope, result);
    return result;
  });
}
