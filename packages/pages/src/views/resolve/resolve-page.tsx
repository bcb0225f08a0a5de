import type { PageSession } from "../../sessions/page-session.js";
import type { ApprovedOfferView } from "@connector/core/domain";
import type { MyDraftsPage } from "@connector/core/drafts";
import { RESOLVE_GUIDE } from "@connector/core/resolve";
import {
  CONSUMER_REQUEST_CHANNEL_WORDS,
  CONSUMER_REQUEST_KINDS,
  type ConsumerRequestChannel,
} from "@connector/core/schemas";
import { ActByDate, CsrfForm, EmptyState, ErrorSummary, Field, Notice, PAGE_PATHS, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DraftList } from "../drafts/draft-list.js";
import { formatTime } from "../shared/format.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";
import type { RequestFormField, RequestFormProblem } from "./request-form-words.js";
import { CFPB_LINKS, citationHref, REGULATION_F, STATE_ATTORNEY_GENERAL } from "./guide-links.js";

const KIND_WORDS: Record<(typeof CONSUMER_REQUEST_KINDS)[number], string> = {
  // Short enough for a select at phone width (390 px), which cannot wrap its text (issue 39 item 8).
  documents: "Ask for documents about a debt",
  contact_preference: "Limit when and how they contact you",
};
/** How the person plans to send it, as a choice ("By mail"); not decided yet first, as the default. */
const CHANNEL_ORDER: readonly ConsumerRequestChannel[] = ["service", "mail", "email", "written"];
const channelChoice = (channel: ConsumerRequestChannel) => {
  const words = CONSUMER_REQUEST_CHANNEL_WORDS[channel];
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export interface ResolvePageProps {
  drafts: MyDraftsPage;
  cursor: string | undefined;
  offers: ApprovedOfferView[];
  /** A fresh key for the draft form, so sending it twice saves one draft. */
  idempotencyKey: string;
  /** After a failed submit: what to fix (in people's words) and what was typed, less a refused field. */
  form?: { problem: RequestFormProblem; values: Record<string, string> } | undefined;
}

/** Nothing is accepted or paid here; no fee (spec §1). Said on /resolve and on each offer. */
export function NoAcceptanceNotice() {
  return (
    <Notice title="Nothing is accepted or paid here">
      <p>
        This service only shows you information and keeps your drafts. It never sends anything, never accepts an offer and
        never takes a payment. If you decide to accept an offer, you do that with the creditor yourself. Using Resolve is free.
      </p>
    </Notice>
  );
}

function Guide() {
  return (
    <section aria-labelledby="guide-title">
      <h2 id="guide-title">The guide</h2>
      <p>{RESOLVE_GUIDE.summary}</p>
      {RESOLVE_GUIDE.sections.map((section) => (
        <details key={section.id}>
          <summary>{section.title}</summary>
          <ul>
            {section.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {section.citations.length === 0 ? null : (
            <p class="muted">
              Rules:{" "}
              {section.citations.map((citation, index) => {
                const href = citationHref(citation);
                return (
                  <span key={citation}>
                    {index === 0 ? "" : "; "}
                    {href === undefined ? citation : <a href={href}>{citation}</a>}
                  </span>
                );
              })}
            </p>
          )}
        </details>
      ))}
      <h3>Sample letters, sources and where to complain</h3>
      <p>
        This service writes neutral requests only. To dispute a debt or to ask a collector to stop contacting you, the CFPB
        publishes its own letters for you to use if you decide to; it is not legal advice to use one.
      </p>
      <ul>
        <li>
          <a href={CFPB_LINKS.sampleLetters.href}>{CFPB_LINKS.sampleLetters.label}</a> (“I don't owe this debt”, “Stop contacting
          me”, “Tell me more about this debt” and others)
        </li>
        <li>
          <a href={REGULATION_F.href}>{REGULATION_F.label}</a>
        </li>
        <li>
          <a href={CFPB_LINKS.complaint.href}>{CFPB_LINKS.complaint.label}</a>
        </li>
        <li>
          <a href={STATE_ATTORNEY_GENERAL.href}>{STATE_ATTORNEY_GENERAL.label}</a>, to complain to your state
        </li>
      </ul>
      <p class="muted">{RESOLVE_GUIDE.notLegalAdvice}</p>
    </section>
  );
}

/** The request form's fields: their element ids and labels, which the error summary links to and names. */
const REQUEST_FIELDS: Record<RequestFormField, { id: string; label: string }> = {
  kind: { id: "request-kind", label: "What do you want to ask?" },
  recipient: { id: "request-recipient", label: "Who is it to?" },
  reference: { id: "request-reference", label: "Their reference (optional)" },
  channel: { id: "request-channel", label: "How do you plan to send it?" },
};

function RequestForm({ session, props }: { session: PageSession; props: ResolvePageProps }) {
  const values = props.form?.values ?? {};
  const problem = props.form?.problem;
  const errorOf = (field: RequestFormField) => (problem?.field === field ? problem.message : undefined);
  const field = (name: RequestFormField) => ({ name, id: REQUEST_FIELDS[name].id, label: REQUEST_FIELDS[name].label, error: errorOf(name), first: true });
  return (
    <CsrfForm action={PAGES.requestDrafts} token={session.csrfToken("create-request-draft")} label="Write a request draft" class="card">
      <h2 id="request-form-title">Write a request draft</h2>
      {problem === undefined ? null : (
        <ErrorSummary
          title="Your draft was not saved"
          problems={problem.field === undefined ? [] : [{ fieldId: REQUEST_FIELDS[problem.field].id, label: REQUEST_FIELDS[problem.field].label }]}
        >
          {/* A refusal of no one field is said here; a field's own is said once, beside it. */}
          {problem.field === undefined ? <p>{problem.message}</p> : null}
        </ErrorSummary>
      )}
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <Field kind="select" {...field("kind")} value={values.kind} options={CONSUMER_REQUEST_KINDS.map((kind) => ({ value: kind, label: KIND_WORDS[kind] }))} />
      <Field {...field("recipient")} hint="The collector or creditor, as they name themselves." required maxLength={120} value={values.recipient} />
      <Field {...field("reference")} hint="The reference on their letter. Never your SSN or a card number." maxLength={80} value={values.reference} />
      <Field kind="select" {...field("channel")} hint="You send it yourself: the service never sends it, and a collector cannot reply through it." value={values.channel} options={CHANNEL_ORDER.map((channel) => ({ value: channel, label: channelChoice(channel) }))} />
      <p class="muted">
        Saving keeps a draft for you. It is not sent: you copy the letter and send it yourself if you decide to. For a
        contact preference, you say on the next page which times, places and ways of contact you do not want.
      </p>
      <button type="submit" class="button primary">Save the draft</button>
    </CsrfForm>
  );
}

/** `/resolve`: the consumer's doors: the guide, their request drafts (and a form), their approved offers. */
export function renderResolvePage(session: PageSession, props: ResolvePageProps): string {
  return renderSignedInPage(session, {
    title: "Resolve",
    path: PAGE_PATHS.resolve,
    children: (
      <>
        <h1>Resolve</h1>
        {/* A refused form comes first: the person lands on what to fix, not 3,000 px above it (issue 39). */}
        {props.form === undefined ? null : <RequestForm session={session} props={props} />}
        <p>Review debt-collection contact at your own pace, prepare neutral requests, and read offers a creditor has approved.</p>
        <NoAcceptanceNotice />
        <Guide />
        <h2>Approved offers</h2>
        {props.offers.length === 0 ? (
          <EmptyState title="No approved offers right now">
            <p>When a creditor approves terms for an account you are verified for, they appear here until they expire.</p>
          </EmptyState>
        ) : (
          <Table
            caption="Offers creditors approved for your accounts"
            columns={[{ label: "Account reference" }, { label: "Act by" }, { label: "Terms" }]}
            rowKeys={props.offers.map((offer) => offer.offerId)}
            rows={props.offers.map((offer) => [
              offer.accountReference,
              <>
                <ActByDate at={offer.expiresAt} /> <span class="muted">(expires {formatTime(offer.expiresAt)})</span>
              </>,
              <a href={PAGES.offer(offer.offerId)}>Read the terms for {offer.accountReference}</a>,
            ])}
          />
        )}
        <h2>Your request drafts</h2>
        <DraftList
          caption="Your request drafts, newest first"
          drafts={props.drafts.drafts}
          savedBy={{ creators: props.drafts.savedBy, viewerUserId: session.user.userId }}
          firstPage={props.cursor === undefined ? undefined : PAGES.resolve}
          nextPage={props.drafts.nextCursor === null ? undefined : `${PAGES.resolve}?cursor=${encodeURIComponent(props.drafts.nextCursor)}`}
          emptyHint="Write one below, or ask your AI agent to prepare one. Nothing is sent: you review it here."
        />
        {props.form === undefined ? <RequestForm session={session} props={props} /> : null}
      </>
    ),
  });
}
