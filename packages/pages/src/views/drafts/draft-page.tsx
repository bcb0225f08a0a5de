import type { PageSession } from "../../sessions/page-session.js";
import type { DeskAgreementStatus } from "@connector/core/desk-agreement";
import type { DraftForReview } from "@connector/core/drafts";
import type { DraftCreator } from "@connector/core/ports";
import { NO_CHOICES } from "@connector/core/resolve";
import { CsrfForm, message, Name, Notice, PAGE_PATHS, richMessage, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DeskAgreement } from "../desk/desk-agreement.js";
import { ApproveTheRest, ConflictsNotice, PlacedAccounts } from "./draft-conflicts.js";
import { historyAction, historyActor } from "./draft-history-words.js";
import { DraftName, DraftNumber, DraftStatus, draftName } from "./draft-list.js";
import { formatAmount, formatTime } from "../shared/format.js";
import { plural } from "../shared/plural.js";
import { type LetterChoicesState, RequestLetterSection } from "../resolve/request-letter.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

export type DraftDone = "reviewed" | "discarded" | "approved" | "accepted";

export interface DraftPageProps {
  detail: DraftForReview;
  /** For a placement draft seen by desk staff: the agreement and whether this person accepted it. */
  agreement?: DeskAgreementStatus | undefined;
  /** Whether the signed-in person is the Desk's owner (only they approve). */
  owner: boolean;
  done?: DraftDone | undefined;
  /** A refusal to show (the domain's words), e.g. approving before accepting the agreement. */
  error?: string | undefined;
  /** Who saved the draft, naming the connection's app. */
  creator?: DraftCreator | undefined;
  /** A request draft's letter choices (contact preference), when the person has stated some. */
  letter?: LetterChoicesState | undefined;
}

/** What was just done, said once at the top of the draft's page. */
const doneMessage = (done: DraftDone) => message(`drafts.page.done.${done}`);

function History({ detail, session, creator }: { detail: DraftForReview; session: PageSession; creator: DraftCreator | undefined }) {
  return (
    <ol>
      {detail.history.map((entry) => (
        <li key={`${entry.action}-${entry.at}`}>
          {richMessage("drafts.history.entry", {
            action: <strong>{historyAction(entry.action)}</strong>,
            who: <>{historyActor(entry, session.user.userId, creator, (name) => <Name>{name}</Name>)}</>,
            when: formatTime(entry.at),
          })}
        </li>
      ))}
    </ol>
  );
}

function Actions({ session, props }: { session: PageSession; props: DraftPageProps }) {
  const { draft, conflicts } = props.detail;
  if (draft.reviewStatus === "approved" || draft.reviewStatus === "discarded") {
    return <p>{message("drafts.page.closed")}</p>;
  }
  const placement = draft.kind === "placement";
  return (
    <>
      {draft.reviewStatus === "awaiting_review" ? (
        <CsrfForm action={PAGES.draftAction(draft.draftId, "review")} token={session.csrfToken("review-draft")}>
          <p class="muted">{message("drafts.page.reviewNote")}</p>
          <button type="submit">{message("drafts.page.review")}</button>
        </CsrfForm>
      ) : null}
      {placement && props.agreement !== undefined ? (
        props.owner ? (
          <section aria-labelledby="approve-title">
            <h3 id="approve-title">Approve</h3>
            <DeskAgreement
              session={session}
              agreement={props.agreement}
              action={PAGES.draftAction(draft.draftId, "accept-agreement")}
              needed="Approving placement drafts needs your acceptance of this agreement first."
              level={4}
            />
            {/* Approve is offered once the agreement is accepted; the domain refuses it before, whatever is sent. */}
            {props.agreement.acceptance === null ? null : conflicts.length > 0 ? (
              <ApproveTheRest session={session} draft={draft} accounts={props.detail.accounts ?? []} conflicts={conflicts} />
            ) : (
              <CsrfForm action={PAGES.draftAction(draft.draftId, "approve")} token={session.csrfToken("approve-draft")}>
                <p class="muted">
                  {draft.accountCount === 1
                    ? "Approving adds this account to your Desk as a live account. Nobody is contacted."
                    : "Approving adds these accounts to your Desk as live accounts. Nobody is contacted."}
                </p>
                <button type="submit" class="button primary">
                  Approve and add {plural(draft.accountCount, "account")}
                </button>
              </CsrfForm>
            )}
          </section>
        ) : (
          <p>Only the Desk's owner can approve a placement draft. You can mark it reviewed.</p>
        )
      ) : null}
    </>
  );
}

/** Discard, apart from everything else and behind its own confirmation page: it closes the draft for good. */
function DiscardZone({ draftId, placement }: { draftId: string; placement: boolean }) {
  return (
    <section class="danger-zone" aria-labelledby="discard-title">
      <h2 id="discard-title">{message("drafts.page.discardTitle")}</h2>
      {/* A consumer's request is never approved: say what discarding means for each reader. */}
      <p>{message(placement ? "drafts.page.discardPlacement" : "drafts.page.discardRequest")}</p>
      <a class="button danger" href={PAGES.draftAction(draftId, "discard")}>
        {message("drafts.page.discard")}
      </a>
    </section>
  );
}

/** `/drafts/:id`: the whole draft, its history, and what the person may do with it. */
export function renderDraftPage(session: PageSession, props: DraftPageProps): string {
  const { detail } = props;
  const { draft } = detail;
  return renderSignedInPage(session, {
    title: draftName(draft),
    children: (
      <>
        <p>
          {draft.kind === "placement" ? (
            <a href={PAGE_PATHS.connections}>{message("drafts.page.backToConnections")}</a>
          ) : (
            <a href={PAGE_PATHS.resolve}>← Resolve</a>
          )}
        </p>
        <h1>
          <DraftName draft={draft} />
        </h1>
        <p>
          {richMessage("drafts.page.status", { status: <DraftStatus draft={draft} /> })} <DraftNumber draftId={draft.draftId} />
        </p>
        {props.error === undefined ? null : (
          <Notice tone="bad" role="alert" title={message("drafts.page.notDone")}>
            <p>{props.error}</p>
          </Notice>
        )}
        {props.done === undefined ? null : (
          <Notice tone="good" role="status">
            <p>{doneMessage(props.done)}</p>
          </Notice>
        )}
        {/* The domain's notice (DRAFT_STATUS_NOTICE), said in the reader's language. */}
        <Notice title={message("drafts.page.nothingSent")}>
          <p>{message("drafts.statusNotice")}</p>
        </Notice>
        {draft.kind === "placement" && detail.conflicts.length > 0 ? (
          <ConflictsNotice
            draft={draft}
            accounts={detail.accounts ?? []}
            conflicts={detail.conflicts}
            owner={props.owner}
            mayDiscard={detail.mayDiscard}
          />
        ) : null}
        {draft.kind === "placement" ? (
          <Table
            caption={draft.accountCount === 1 ? "The account in this draft" : `The ${draft.accountCount} accounts in this draft`}
            columns={[{ label: "Reference" }, { label: "Name" }, { label: "Face amount" }, { label: "Creditor" }]}
            rows={(detail.accounts ?? []).map((account) => [
              account.reference,
              account.name,
              formatAmount(account.amount, account.currency),
              account.creditor ?? "—",
            ])}
          />
        ) : (
          <RequestLetterSection draft={draft} state={props.letter ?? { choices: NO_CHOICES }} />
        )}
        {draft.kind === "placement" && draft.reviewStatus === "approved" ? (
          <PlacedAccounts draftId={draft.draftId} accounts={detail.accounts ?? []} placed={detail.placed} />
        ) : null}
        <h2>{message("drafts.page.history")}</h2>
        <History detail={detail} session={session} creator={props.creator} />
        <p>
          {richMessage("drafts.page.historyCsvNote", {
            link: (
              <a href={PAGES.draftHistoryCsv(draft.draftId)} download>
                {message("drafts.page.historyCsv")}
              </a>
            ),
          })}
        </p>
        <h2>{message("drafts.page.whatYouCanDo")}</h2>
        <Actions session={session} props={props} />
        {detail.mayDiscard ? <DiscardZone draftId={draft.draftId} placement={draft.kind === "placement"} /> : null}
      </>
    ),
  });
}
