import type { PageSession } from "../../sessions/page-session.js";
import type { ApprovedOfferView } from "@connector/core/domain";
import { ActByDate, Notice, PAGE_PATHS } from "@connector/ui";
import { Fragment } from "preact";
import { formatTime } from "../shared/format.js";
import { NoAcceptanceNotice } from "./resolve-page.js";
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
  return renderSignedInPage(session, {
    title: `Approved offer for ${offer.accountReference}`,
    children: (
      <>
        <p>
          <a href={PAGE_PATHS.resolve}>← Resolve</a>
        </p>
        <h1>Approved offer for account {offer.accountReference}</h1>
        <Notice tone="warn" title={<>Act by <ActByDate at={offer.expiresAt} /></>}>
          <p>The offer expires {formatTime(offer.expiresAt)}. After that it is no longer shown here.</p>
        </Notice>
        <dl class="details">
          <dt>Approved by the creditor</dt>
          <dd>{formatTime(offer.approvedAt)}</dd>
          <dt>Expires</dt>
          <dd>{formatTime(offer.expiresAt)}</dd>
          <dt>Offer id</dt>
          <dd>{offer.offerId}</dd>
        </dl>
        <h2>The creditor's terms, word for word</h2>
        <blockquote class="card">
          <p id="offer-terms">
            <VerbatimLines text={offer.terms} />
          </p>
        </blockquote>
        <p>The service shows these terms exactly as the creditor approved them. It does not negotiate, change or accept them.</p>
        <NoAcceptanceNotice />
        <h2>How to reach the creditor</h2>
        <p>
          To accept, contact the creditor or collector directly, by your own action, before the offer expires. Nothing you do on
          this page accepts it.
        </p>
        <ul>
          <li>If the terms above say how to accept or whom to contact, they are the creditor's own words.</li>
          <li>
            This offer's record has no contact details for the creditor. Use the ones on the letters or messages you received
            about account {offer.accountReference}: the validation notice must give the collector's name and mailing address.
          </li>
          <li>
            The account reference {offer.accountReference} and the offer id {offer.offerId} identify this offer to them.
          </li>
        </ul>
      </>
    ),
  });
}
