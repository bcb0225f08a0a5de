import type { PageSession } from "../../sessions/page-session.js";
import type { ApprovedOfferView } from "@connector/core/domain";
import type { MyDraftsPage } from "@connector/core/drafts";
import { EXPIRED_OFFERS_SHOWN_DAYS, type ExpiredOfferView, RESOLVE_GUIDES } from "@connector/core/resolve";
import { CONSUMER_REQUEST_KINDS, type ConsumerRequestChannel } from "@connector/core/schemas";
import {
  ActByDate,
  CsrfForm,
  EmptyState,
  ErrorSummary,
  Field,
  type MessageKey,
  message,
  Notice,
  PAGE_PATHS,
  readerLanguage,
  richMessage,
  Table,
} from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import { DraftList } from "../drafts/draft-list.js";
import { formatTime } from "../shared/format.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";
import { fieldsToFix } from "./form-problem.js";
import type { RequestFormField, RequestFormProblem } from "./request-form-words.js";
import { CFPB_LINKS, citationHref, REGULATION_F, STATE_ATTORNEY_GENERAL } from "./guide-links.js";
import { InEnglish, SourceAnchor } from "./source-anchor.js";

/** What each kind asks, short enough for a select at phone width (390 px), which cannot wrap its text (issue 39 item 8). */
const kindChoice = (kind: (typeof CONSUMER_REQUEST_KINDS)[number]) => message(`resolve.form.kind.${kind}`);
/** How the person plans to send it, as a choice ("By mail"); not decided yet first, as the default. */
const CHANNEL_ORDER: readonly ConsumerRequestChannel[] = ["service", "mail", "email", "written"];
/** A way of sending in the reader's language, as a choice and on the draft's page ("By mail"). */
export const channelChoice = (channel: ConsumerRequestChannel) => message(`resolve.channel.${channel}`);


export interface ResolvePageProps {
  drafts: MyDraftsPage;
  cursor: string | undefined;
  offers: ApprovedOfferView[];
  /** Offers whose deadline passed lately: listed as such, so an offer does not vanish without a word. */
  expiredOffers: ExpiredOfferView[];
  /** A fresh key for the draft form, so sending it twice saves one draft. */
  idempotencyKey: string;
  /** After a failed submit: what to fix (in people's words) and what was typed, less a refused field. */
  form?: { problem: RequestFormProblem; values: Record<string, string> } | undefined;
}

/** Nothing is accepted or paid here; no fee (spec §1). Said on /resolve and on each offer. */
export function NoAcceptanceNotice() {
  return (
    <Notice title={message("resolve.noAcceptance.title")}>
      <p>{message("resolve.noAcceptance.body")}</p>
    </Notice>
  );
}

/** The guide in the reader's language: the same sections, points and citations in each. */
function Guide() {
  const guide = RESOLVE_GUIDES[readerLanguage()];
  return (
    <section aria-labelledby="guide-title">
      <h2 id="guide-title">{message("resolve.guide.title")}</h2>
      <p>{guide.summary}</p>
      {guide.sections.map((section) => (
        <details key={section.id}>
          <summary>{section.title}</summary>
          <ul>
            {section.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {section.citations.length === 0 ? null : (
            <p class="muted">
              {message("resolve.guide.rules")}{" "}
              {section.citations.map((citation, index) => {
                const href = citationHref(citation);
                return (
                  <span key={citation}>
                    {index === 0 ? "" : "; "}
                    {href === undefined ? citation : <a href={href} hreflang="en">{citation}</a>}
                  </span>
                );
              })}
              <InEnglish />
            </p>
          )}
        </details>
      ))}
      <h3>{message("resolve.guide.sourcesTitle")}</h3>
      <p>{message("resolve.guide.sourcesIntro")}</p>
      <ul>
        <li>{richMessage("resolve.guide.sampleLettersItem", { link: <SourceAnchor link={CFPB_LINKS.sampleLetters} /> })}</li>
        <li>
          <SourceAnchor link={REGULATION_F} />
        </li>
        <li>
          <SourceAnchor link={CFPB_LINKS.complaint} />
        </li>
        <li>{richMessage("resolve.guide.attorneyGeneralItem", { link: <SourceAnchor link={STATE_ATTORNEY_GENERAL} /> })}</li>
      </ul>
      <p class="muted">{guide.notLegalAdvice}</p>
    </section>
  );
}

/** The request form's fields: their element ids and labels, which the error summary links to and names. */
const REQUEST_FIELDS: Record<RequestFormField, { id: string; label: MessageKey }> = {
  kind: { id: "request-kind", label: "resolve.form.kind.label" },
  recipient: { id: "request-recipient", label: "resolve.form.recipient.label" },
  reference: { id: "request-reference", label: "resolve.form.reference.label" },
  channel: { id: "request-channel", label: "resolve.form.channel.label" },
};

function RequestForm({ session, props }: { session: PageSession; props: ResolvePageProps }) {
  const values = props.form?.values ?? {};
  const problem = props.form?.problem;
  const errorOf = (field: RequestFormField) => problem?.fields[field];
  const field = (name: RequestFormField) => ({ name, id: REQUEST_FIELDS[name].id, label: message(REQUEST_FIELDS[name].label), error: errorOf(name), first: true });
  return (
    <CsrfForm action={PAGES.requestDrafts} token={session.csrfToken("create-request-draft")} label={message("resolve.form.title")} class="card">
      <h2 id="request-form-title">{message("resolve.form.title")}</h2>
      {problem === undefined ? null : (
        <ErrorSummary
          title={message("resolve.form.notSaved")}
          problems={fieldsToFix(problem, REQUEST_FIELDS)}
        >
          {/* A refusal of no one field is said here; a field's own is said once, beside it. */}
          {problem.message === undefined ? null : <p>{problem.message}</p>}
        </ErrorSummary>
      )}
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <Field kind="select" {...field("kind")} value={values.kind} options={CONSUMER_REQUEST_KINDS.map((kind) => ({ value: kind, label: kindChoice(kind) }))} />
      <Field {...field("recipient")} hint={message("resolve.form.recipient.hint")} required maxLength={120} value={values.recipient} />
      <Field {...field("reference")} hint={message("resolve.form.reference.hint")} maxLength={80} value={values.reference} />
      <Field kind="select" {...field("channel")} hint={message("resolve.form.channel.hint")} value={values.channel} options={CHANNEL_ORDER.map((channel) => ({ value: channel, label: channelChoice(channel) }))} />
      <p class="muted">{message("resolve.form.note")}</p>
      <button type="submit" class="button primary">
        {message("resolve.form.submit")}
      </button>
    </CsrfForm>
  );
}

/** Offers past their deadline (issue 48 item 7): when each expired, and a page that says what that means. */
function ExpiredOffers({ offers }: { offers: ExpiredOfferView[] }) {
  if (offers.length === 0) return null;
  const days = EXPIRED_OFFERS_SHOWN_DAYS;
  return (
    <section aria-labelledby="expired-offers-title">
      <h3 id="expired-offers-title">{message("resolve.offers.expiredTitle")}</h3>
      <p>{message("resolve.offers.expiredIntro", { days })}</p>
      <Table
        caption={message("resolve.offers.expiredCaption", { days })}
        columns={[{ label: message("resolve.offers.column.reference") }, { label: message("resolve.offers.column.expired") }, { label: message("resolve.offers.column.about") }]}
        rowKeys={offers.map((offer) => offer.offerId)}
        rows={offers.map((offer) => [
          offer.accountReference,
          formatTime(offer.expiresAt),
          <a href={PAGES.offer(offer.offerId)}>{message("resolve.offers.aboutExpired", { reference: offer.accountReference })}</a>,
        ])}
      />
    </section>
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
        <p>{message("resolve.intro")}</p>
        <NoAcceptanceNotice />
        <Guide />
        <h2>{message("resolve.offers.title")}</h2>
        {props.offers.length === 0 ? (
          <EmptyState title={message("resolve.offers.emptyTitle")}>
            <p>{message("resolve.offers.emptyBody")}</p>
          </EmptyState>
        ) : (
          <Table
            caption={message("resolve.offers.caption")}
            columns={[
              { label: message("resolve.offers.column.reference") },
              { label: message("resolve.offers.column.actBy") },
              { label: message("resolve.offers.column.terms") },
            ]}
            rowKeys={props.offers.map((offer) => offer.offerId)}
            rows={props.offers.map((offer) => [
              offer.accountReference,
              // One element per cell: on a phone the cell is a two-column grid (its label, then this).
              <div>
                <ActByDate at={offer.expiresAt} /> <span class="muted">{richMessage("resolve.offers.expires", { time: formatTime(offer.expiresAt) })}</span>
              </div>,
              <a href={PAGES.offer(offer.offerId)}>{message("resolve.offers.readTerms", { reference: offer.accountReference })}</a>,
            ])}
          />
        )}
        <ExpiredOffers offers={props.expiredOffers} />
        <h2>{message("resolve.drafts.title")}</h2>
        <DraftList
          caption={message("resolve.drafts.caption")}
          drafts={props.drafts.drafts}
          savedBy={{ creators: props.drafts.savedBy, viewerUserId: session.user.userId }}
          firstPage={props.cursor === undefined ? undefined : PAGES.resolve}
          nextPage={props.drafts.nextCursor === null ? undefined : `${PAGES.resolve}?cursor=${encodeURIComponent(props.drafts.nextCursor)}`}
          emptyHint={message("resolve.drafts.emptyHint")}
        />
        {props.form === undefined ? <RequestForm session={session} props={props} /> : null}
      </>
    ),
  });
}
