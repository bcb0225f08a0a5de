import type { PlacementDraftView } from "../domain/views.js";
import { notFound, ServiceError } from "../errors/service-error.js";
import { newId } from "../ids/uuid-v7.js";
import { DRAFT_STATUS_NOTICE } from "./draft-notice.js";
import { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
import { assertDeskActor, assertSignedInOwner, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf, handOver } from "../back-office/back-office-deps.js";
import { DESK_AGREEMENT } from "../desk-agreement/desk-agreement.js";
import { draftConflicts } from "./draft-conflicts.js";
import { historyEntry } from "./draft-history-entry.js";
import { placeLiveAccounts } from "../placements/place-live-accounts.js";

export interface ApprovalResult {
  draft: PlacementDraftView;
  /** The live accounts the approval added (the same list when approved before). */
  accounts: Array<{ accountId: string; reference: string }>;
  /** Account Workflow runs queued by this approval; empty when approved before or none is configured. */
  workflowRunIds: string[];
  /** True when the draft was already approved and nothing changed. */
  alreadyApproved: boolean;
  notice: string;
}

/**
 * Spec §3, §5.3: the signed-in owner of the Desk, having accepted the current Desk agreement,
 * approves a placement draft. In one transaction the draft's accounts become live accounts of the
 * Desk (conflicting references refuse the whole approval, each one reported), the draft becomes
 * `approved`, the act is recorded in its history, and Account Workflow runs are queued when the Desk
 * has it configured. Approving an approved draft changes nothing.
 *
 * `leaveOut` is the owner's way past conflicts (issue 18): the references the review page named as
 * already placed or repeated, which the owner chose to leave out. It must name exactly the current
 * conflicts, so nothing is left out that the owner was not shown, and nothing new slips through.
 */
export async function approvePlacementDraft(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  draftId: string,
  options: { leaveOut?: readonly string[] } = {},
): Promise<ApprovalResult> {
  assertDeskActor(actor);
  assertSignedInOwner(actor, "approve a placement draft (members can mark it reviewed)");
  const now = clockOf(deps);
  const at = now.toISOString();
  const result = await deps.stores.transaction(async (stores) => {
    const draft = await stores.draftReviews.findPlacementDraft(actor.deskId, draftId);
    if (draft === undefined) throw notFound("draft");
    const { accounts: items, deskId: _desk, savedByUserId: _saver, ...view } = draft;
    if (draft.reviewStatus === "approved") {
      const accounts = await stores.placements.accountsOfDraft(actor.deskId, draft.draftId);
      return { draft: view, accounts, workflowRunIds: [], alreadyApproved: true };
    }
    if (draft.reviewStatus === "discarded") {
      throw new ServiceError("draft_closed", "This draft was discarded; it cannot be approved. Save a new draft instead.");
    }
    if ((await stores.deskAgreements.find(actor.userId, DESK_AGREEMENT.version)) === undefined) {
      throw new ServiceError(
        "agreement_required",
        `Accept the Desk agreement (version ${DESK_AGREEMENT.version}) before approving placement drafts.`,
      );
    }
    const chosen = await leaveOutConflicts(stores, actor.deskId, items, options.leaveOut ?? []);
    const placements = chosen.map((item) => ({
      accountId: newId(now.getTime()),
      deskId: actor.deskId,
      reference: item.reference,
      name: item.name,
      amount: item.amount,
      currency: item.currency,
      creditor: item.creditor ?? null,
      placedAt: at,
      draftId: draft.draftId,
    }));
    await placeLiveAccounts(stores, actor.deskId, placements, (index) => `accounts.${index}.reference`, "draft");
    await stores.draftReviews.setPlacementDraftStatus(draft.draftId, "approved", at);
    await stores.draftHistory.append(historyEntry(draft, "approved", actor, at));
    const accountIds = placements.map((placement) => placement.accountId);
    const workflowRunIds = await queueAccountWorkflow(stores, actor.deskId, accountIds, now, { onlyWhenEnabled: true });
    return {
      draft: { ...view, reviewStatus: "approved" as const, updatedAt: at },
      accounts: placements.map(({ accountId, reference }) => ({ accountId, reference })),
      workflowRunIds,
      alreadyApproved: false,
    };
  });
  await handOver(deps, result.workflowRunIds);
  return { ...result, notice: DRAFT_STATUS_NOTICE };
}

/** The draft's items less the conflicting references the owner chose to leave out (all of them, or none). */
async function leaveOutConflicts<Item extends { reference: string }>(
  stores: Parameters<typeof draftConflicts>[0],
  deskId: string,
  items: Item[],
  leaveOut: readonly string[],
): Promise<Item[]> {
  if (leaveOut.length === 0) return items;
  const asked = [...new Set(leaveOut)].sort();
  const current = (await draftConflicts(stores, deskId, items)).map((conflict) => conflict.reference).sort();
  if (asked.join("\n") !== current.join("\n")) {
    throw new ServiceError(
      "reference_conflict",
      "The accounts that conflict have changed since the page was shown. Nothing was added: look at the draft again.",
    );
  }
  const kept = items.filter((item) => !asked.includes(item.reference));
  if (kept.length === 0) {
    throw new ServiceError(
      "reference_conflict",
      "Every account in this draft is already on your Desk or repeated, so nothing is left to add. Discard the draft instead.",
    );
  }
  return kept;
}
