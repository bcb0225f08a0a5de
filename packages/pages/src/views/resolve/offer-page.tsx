import type { PageSession } from "../../sessions/page-session.js";
import type { ApprovedOfferView } from "@connector/core/domain";
import type { ExpiredOfferView } from "@connector/core/resolve";
import { ActByDate, message, Notice, PAGE_PATHS, richMessage } from "@connector/ui";
import { Fragment } from "preact";
import { formatTime } from "../shared/format.js";
import { NoAcceptanceNotice } from "./resolve-page.js";
import { renderMessagePage } from "../shared/message-page.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

/**
 * Text with its line breaks kept: each break is a `<br>` (seen) followed by the newline itself (so
 * the text copied or read is the creditor's, character for character).
 */
function VerbatimLines({ text }: { text: string }) {
  return (
    <>
      {text.split("\n").map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are keyed by their place, and never reorder.
        <Fragment key={index}>
          {index === 0 ? null : (
            <>
              <br />
              {"\n"}
            </>
          )}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** `/resolve/offers/:id` (relay_approved_offer's reviewUrl): the creditor's terms verbatim, and their expiry. */
export function renderOfferPage(session: PageSession, offer: ApprovedOfferView): string {
  const reference = offer.accountReference;
  return renderSignedInPage(session, {
    title: message("resolve.offer.pageTitle", { reference }),
    children: (
      <>
        <p>
          <a href={PAGE_PATHS.resolve}>{message("resolve.offer.back")}</a>
        </p>
        <h1>{message("resolve.offer.heading", { reference })}</h1>
        <Notice tone="warn" title={<>{richMessage("resolve.offer.actBy", { date: <ActByDate at={offer.expiresAt} /> })}</>}>
          <p>{richMessage("resolve.offer.expiresNote", { time: formatTime(offer.expiresAt) })}</p>
        </Notice>
        <dl class="details">
          <dt>{message("resolve.offer.approvedAt")}</dt>
          <dd>{formatTime(offer.approvedAt)}</dd>
          <dt>{message("resolve.offer.expiresAt")}</dt>
          <dd>{formatTime(offer.expiresAt)}</dd>
          <dt>{message("resolve.offer.id")}</dt>
          <dd>{offer.offerId}</dd>
        </dl>
        <h2>{message("resolve.offer.termsTitle")}</h2>
        {/* The creditor's words as they approved them, in their language: never translated. */}
        <blockquote class="card">
          <p id="offer-terms">
            <VerbatimLines text={offer.terms} />
          </p>
        </blockquote>
        <p>{message("resolve.offer.termsNote")}</p>
        <NoAcceptanceNotice />
        <h2>{message("resolve.offer.reachTitle")}</h2>
        <p>{message("resolve.offer.reachIntro")}</p>
        <ul>
          <li>{message("resolve.offer.reachTerms")}</li>
          <li>{message("resolve.offer.reachLetters", { reference })}</li>
          <li>{message("resolve.offer.reachIds", { reference, offerId: offer.offerId })}</li>
        </ul>
      </>
    ),
  });
}

/**
 * An offer's review link opened after its deadline (issue 48 items 6 and 7): when it expired, that
 * nothing here accepts it, and who can say more, in the reader's language. Never its terms.
 */
export function renderExpiredOfferPage(session: PageSession, offer: ExpiredOfferView): string {
  const reference = offer.accountReference;
  return renderSignedInPage(session, {
    title: message("resolve.offer.expired.pageTitle", { reference }),
    children: (
      <>
        <p>
          <a href={PAGE_PATHS.resolve}>{message("resolve.offer.back")}</a>
        </p>
        <h1>{message("resolve.offer.expired.heading", { reference })}</h1>
        <Notice tone="warn" title={message("resolve.offers.column.expired")}>
          <p>{richMessage("resolve.offer.expired.when", { time: formatTime(offer.expiresAt) })}</p>
        </Notice>
        <p>{message("resolve.offer.expired.ask", { reference })}</p>
        <NoAcceptanceNotice />
      </>
    ),
  });
}

/** An offer that is not this consumer's, was withdrawn, or never existed: one page for all, as the API answers. */
export function renderOfferUnavailablePage(session: PageSession): string {
  return renderMessagePage(session, {
    title: message("resolve.offer.unavailable.title"),
    status: message("resolve.offer.unavailable.status"),
    next: { href: PAGE_PATHS.resolve, label: message("resolve.offer.back") },
  });
}
