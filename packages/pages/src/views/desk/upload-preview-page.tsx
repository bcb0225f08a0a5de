import type { ErrorDetail } from "@connector/core";
import { majorUnits, type PlacementTotals, type PlacementUploadPreview } from "@connector/core/placements";
import { CsrfForm, Notice, PAGE_PATHS, Table } from "@connector/ui";
import { PAGES } from "../../page-paths.js";
import type { PageSession } from "../../sessions/page-session.js";
import { formatAmount, formatTime } from "../shared/format.js";
import { plural } from "../shared/plural.js";
import { ROWS_COUNTED } from "./placement-forms.js";
import { renderSignedInPage } from "../shared/signed-in-page.js";

const count = (n: number) => n.toLocaleString("en-US");

/** The way back from every answer about a file: the place screen's CSV form. */
function BackToPlace({ label = "Back to Place accounts" }: { label?: string }) {
  return (
    <p>
      <a href={`${PAGES.place}#place-file`}>{label}</a>
    </p>
  );
}

/** What the whole file adds up to, per currency, and the accounts without a known balance (never counted as 0). */
function FileTotals({ totals }: { totals: PlacementTotals }) {
  const sums = totals.byCurrency.map((total) => `${formatAmount(majorUnits(total), total.currency)} over ${plural(total.accounts, "account")}`);
  return (
    <p id="file-totals">
      {sums.length === 0 ? "No balance is given in the file" : `In all: ${sums.join("; ")}`}
      {totals.withoutBalance === 0 ? "." : `; ${plural(totals.withoutBalance, "account")} without a known balance (not counted as 0).`}
    </p>
  );
}

/**
 * A big CSV file, all of it sent and checked (issue 39): how many accounts would be placed, the
 * first few exactly as they would be saved, and the one button that places all of them. Nothing is
 * saved before it is pressed.
 */
export function renderUploadPreviewPage(session: PageSession, preview: PlacementUploadPreview, agencyName: string | undefined): string {
  const { upload, sample } = preview;
  const accounts = preview.count === 1 ? "1 account" : `${count(preview.count)} accounts`;
  return renderSignedInPage(session, {
    title: "Check the file before placing it",
    path: PAGE_PATHS.place,
    children: (
      <>
        <h1>Check the file before placing it</h1>
        <Notice tone="good" role="status" title="Your whole file arrived and every row was checked">
          <p>
            {accounts} can be placed on your Desk{agencyName === undefined ? "" : `, with ${agencyName}`}. Nothing is saved yet.
          </p>
          <FileTotals totals={preview.totals} />
        </Notice>
        <p>
          Placing saves all {accounts} at once, or none if anything changed meanwhile, and starts Account Workflow (intake checks and
          bookkeeping) for them: nobody is contacted and no money moves. The file is kept until{" "}
          {formatTime(upload.expiresAt)} (a day) if you do not place it.
        </p>
        <CsrfForm action={PAGES.placeUploadConfirm(upload.uploadId)} token={session.csrfToken("place-upload")} label="Place the accounts of this file">
          <button type="submit" class="button primary">
            Place {plural(preview.count, "account")}
          </button>
        </CsrfForm>
        <Table
          caption={sample.length === preview.count ? "The accounts that would be saved" : `The first ${sample.length} of ${accounts}, as they would be saved`}
          columns={[{ label: "Reference" }, { label: "Name" }, { label: "Balance" }, { label: "Creditor" }]}
          rows={sample.map((row) => [row.reference, row.name, formatAmount(row.amount, row.currency), row.creditor ?? "—"])}
        />
        <CsrfForm action={PAGES.placeUploadCancel(upload.uploadId)} token={session.csrfToken("place-upload")} label="Delete this file without placing it">
          <p>
            Not the right file? Delete it here: nothing from it is placed, the file on your computer is not touched, and you can send
            another.{" "}
            <button type="submit" class="button">
              Delete this file
            </button>
          </p>
        </CsrfForm>
        <BackToPlace label="Do not place them: back to Place accounts" />
      </>
    ),
  });
}

/** A file that cannot be placed as it is: what to fix (every problem listed once, as the domain words it), and the way back. */
export function renderUploadProblemsPage(session: PageSession, message: string, details: readonly ErrorDetail[], code: string): string {
  const gone = code === "not_found";
  const title = gone ? "This file is no longer here" : "Nothing was saved: the file needs fixing first";
  return renderSignedInPage(session, {
    title,
    path: PAGE_PATHS.place,
    children: (
      <>
        <h1>{title}</h1>
        <Notice tone="bad" role="alert" title={details.length > 1 ? `${count(details.length)} problems listed` : "What to fix"}>
          <p>{message}</p>
          {details.some((detail) => detail.row !== undefined) ? <p>{ROWS_COUNTED}</p> : null}
          {details.length <= 1 ? null : (
            <ul>
              {details.map((detail) => (
                <li key={`${detail.row}-${detail.field}-${detail.code}`}>{detail.message}</li>
              ))}
            </ul>
          )}
        </Notice>
        <p>{gone ? "Check your placements on Place accounts; if they are not there, send the file again." : "Fix the file in your spreadsheet, save it as CSV, and send it again."}</p>
        <BackToPlace />
      </>
    ),
  });
}
