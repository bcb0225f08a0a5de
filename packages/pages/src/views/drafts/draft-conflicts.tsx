import type { PageSession } from "../../sessions/page-session.js";
import type { PlacementDraftView } from "@connector/core/domain";
import type { DraftConflict } from "@connector/core/drafts";
import type { PlacementAccountItem } from "@connector/core/schemas";
import { CsrfForm, Notice } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { plural } from "../shared/plural.js";

const REASON: Record<DraftConflict["reason"], string> = {
  already_placed: "is already a live account on your Desk",
  repeated: "appears more than once in this draft",
};

const keptAccounts = (accounts: readonly PlacementAccountItem[], conflicts: readonly DraftConflict[]) => {
  const left = new Set(conflicts.map((conflict) => conflict.reference));
  return accounts.filter((account) => !left.has(account.reference)).length;
};
const these = (conflicts: readonly DraftConflict[]) => (conflicts.length === 1 ? "this reference" : "these references");
const theOther = (kept: number) => (kept === 1 ? "the other account" : `the other ${plural(kept, "account")}`);

/**
 * Issue 18: the references approval would refuse, named at the top of the draft page before anyone
 * clicks Approve, with the ways forward: approve the rest and leave these out (the owner, below),
 * or discard and ask for a new draft.
 */
export function ConflictsNotice(props: {
  draft: PlacementDraftView;
  accounts: readonly PlacementAccountItem[];
  conflicts: readonly DraftConflict[];
  /** Whether this person may approve the rest (the Desk's owner). */
  owner: boolean;
  mayDiscard: boolean;
}) {
  const { draft, conflicts } = props;
  const kept = keptAccounts(props.accounts, conflicts);
  return (
    <Notice tone="warn" title={`${conflicts.length === 1 ? "1 reference" : `${conflicts.length} references`} cannot be added as they are`}>
      <ul>
        {conflicts.map((conflict) => (
          <li key={conflict.reference}>
            <strong>{conflict.reference}</strong> {REASON[conflict.reason]}
            {conflict.reason === "already_placed" ? (
              <>
                {" "}
                (<a href={PAGES.placeSearch(conflict.reference)}>see that account</a>)
              </>
            ) : null}
            .
          </li>
        ))}
      </ul>
      <p>As it is, this draft cannot be approved: none of its accounts would be added. A saved draft cannot be edited; what you can do:</p>
      <ul>
        {kept > 0 ? (
          <li>
            {props.owner ? (
              <a href="#approve-title">Approve {theOther(kept)}</a>
            ) : (
              `The Desk's owner can approve ${theOther(kept)}`
            )}{" "}
            and leave {these(conflicts)} out.
          </li>
        ) : null}
        <li>
          {props.mayDiscard ? <a href={PAGES.draftAction(draft.draftId, "discard")}>Discard this draft</a> : "Ask the Desk's owner to discard this draft"}{" "}
          and ask the agent that saved it for a new draft without {these(conflicts)}.
        </li>
      </ul>
    </Notice>
  );
}

/** The owner's Approve when there are conflicts: the rest of the accounts, the conflicting references left out. */
export function ApproveTheRest(props: {
  session: PageSession;
  draft: PlacementDraftView;
  accounts: readonly PlacementAccountItem[];
  conflicts: readonly DraftConflict[];
}) {
  const { draft, conflicts } = props;
  const kept = keptAccounts(props.accounts, conflicts);
  if (kept === 0) return <p>Every account in this draft is already on your Desk or repeated, so there is nothing to approve.</p>;
  return (
    <CsrfForm action={PAGES.draftAction(draft.draftId, "approve")} token={props.session.csrfToken("approve-draft")}>
      {conflicts.map((conflict) => (
        <input key={conflict.reference} type="hidden" name="leaveOut" value={conflict.reference} />
      ))}
      <p class="muted">
        Approving adds {theOther(kept)} to your Desk as live {kept === 1 ? "account" : "accounts"} and leaves out {conflicts.map((conflict) => conflict.reference).join(", ")}. Nobody is contacted.
      </p>
      <button type="submit" class="button primary">
        Approve {plural(kept, "account")}, leaving out {plural(conflicts.length, "reference")}
      </button>
    </CsrfForm>
  );
}

/** An approved draft's live accounts: where to find them and their Account Workflow runs, and what was left out. */
export function PlacedAccounts(props: {
  draftId: string;
  accounts: readonly PlacementAccountItem[];
  placed: ReadonlyArray<{ accountId: string; reference: string }>;
}) {
  const placed = new Set(props.placed.map((account) => account.reference));
  const leftOut = [...new Set(props.accounts.map((account) => account.reference).filter((reference) => !placed.has(reference)))];
  return (
    <section aria-labelledby="placed-title">
      <h2 id="placed-title">Added to your Desk</h2>
      <p>
        Approving added {plural(props.placed.length, "live account")}.{" "}
        <a href={PAGES.placeOfDraft(props.draftId)}>See {props.placed.length === 1 ? "it" : "them"} and {props.placed.length === 1 ? "its" : "their"} Account Workflow runs</a>.
      </p>
      {leftOut.length === 0 ? null : (
        <p>
          Left out at approval (already on your Desk or repeated): {leftOut.join(", ")}.
        </p>
      )}
    </section>
  );
}
