import type { PageSession } from "@connector/auth";
import type { AgencyMembershipView, ErrorDetail, ValidPlacementRow } from "@connector/core";
import { CsrfForm, Field, Notice, Table } from "@connector/ui";
import { PAGES } from "../page-paths.js";
import { formatAmount } from "./format.js";

/** What the preview step found: rows that would be saved (the dry run), or every problem at once. */
export type PlacementPreview =
  | { kind: "ok"; rows: ValidPlacementRow[]; source: string; agencyDeskId: string }
  | { kind: "problems"; message: string; details: readonly ErrorDetail[] };

/** The agency select's "none" choice: placed on this Desk only. */
const NO_AGENCY = { value: "", label: "This Desk only (no agency)" };

/** "Place with": the agencies this Desk is a client of (it accepted their invite); none when it has none. */
function PlaceWith({ id, agencies }: { id: string; agencies: readonly AgencyMembershipView[] }) {
  if (agencies.length === 0) return null;
  const options = [NO_AGENCY, ...agencies.map((agency) => ({ value: agency.agencyDeskId, label: agency.agencyName }))];
  return <Field kind="select" name="agencyDeskId" id={id} label="Place with" hint="An agency your Desk joined by its invitation." options={options} />;
}

/** One account by form, or a CSV file: both go to the dry-run preview first, never straight to saving. */
export function PlacementForms({ session, agencies }: { session: PageSession; agencies: readonly AgencyMembershipView[] }) {
  const token = session.csrfToken("preview-placements");
  return (
    <div class="grid">
      <CsrfForm action={PAGES.previewPlacements} token={token} label="Place one account">
        <h3>One account</h3>
        <Field name="reference" id="place-reference" label="Reference" hint="Your own reference for the account, unique on this Desk." required maxLength={80} />
        <Field name="name" id="place-name" label="Account holder's name" required maxLength={120} />
        <Field name="amount" id="place-amount" label="Balance" hint="Leave empty if you do not know it: it is saved as not provided, never as 0." />
        <Field name="currency" id="place-currency" label="Currency" hint="Three capital letters; USD when empty." maxLength={3} />
        <Field name="creditor" id="place-creditor" label="Creditor" hint="Optional: the current creditor, if not this Desk." maxLength={120} />
        <PlaceWith id="place-agency" agencies={agencies} />
        <button type="submit">Preview</button>
      </CsrfForm>
      <CsrfForm action={PAGES.previewPlacements} token={token} enctype="multipart/form-data" label="Place accounts from a CSV file">
        <h3>Many accounts from a CSV file</h3>
        <Field
          name="file"
          id="place-file"
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          hint="A header row with reference, name, amount, currency, creditor; at most 64 KB."
          required
        />
        <PlaceWith id="place-file-agency" agencies={agencies} />
        <button type="submit">Preview</button>
      </CsrfForm>
    </div>
  );
}

/** The dry run's answer: exactly what would be saved, and the one button that saves it; or what to fix. */
export function PlacementPreviewSection(props: { session: PageSession; preview: PlacementPreview; agencies: readonly AgencyMembershipView[] }) {
  const { session, preview } = props;
  if (preview.kind === "problems") {
    return (
      <Notice tone="bad" role="alert" title="Nothing was saved: fix these first">
        <p>{preview.message}</p>
        {preview.details.length === 0 ? null : (
          <ul>
            {preview.details.map((detail) => (
              // The domain's messages already name their row ("Row 3, amount: …").
              <li key={`${detail.row}-${detail.field}-${detail.code}`}>{detail.message}</li>
            ))}
          </ul>
        )}
      </Notice>
    );
  }
  const agencyName = props.agencies.find((agency) => agency.agencyDeskId === preview.agencyDeskId)?.agencyName;
  return (
    <section aria-labelledby="preview-title" class="card">
      <h2 id="preview-title">Preview: nothing is saved yet</h2>
      <p>
        These {preview.rows.length} account{preview.rows.length === 1 ? "" : "s"} would be placed on your Desk exactly as shown
        {agencyName === undefined ? "" : `, with ${agencyName}`}.
        Saving starts Account Workflow (intake checks and bookkeeping): nobody is contacted and no money moves.
      </p>
      <Table
        caption="Accounts that would be saved"
        columns={[{ label: "Reference" }, { label: "Name" }, { label: "Balance" }, { label: "Creditor" }]}
        rows={preview.rows.map((row) => [row.reference, row.name, formatAmount(row.amount, row.currency), row.creditor ?? "—"])}
      />
      <CsrfForm action={PAGES.savePlacements} token={session.csrfToken("save-placements")}>
        <input type="hidden" name="rows" value={preview.source} />
        <input type="hidden" name="agencyDeskId" value={preview.agencyDeskId} />
        <button type="submit" class="button primary">
          Save {preview.rows.length} placement{preview.rows.length === 1 ? "" : "s"}
        </button>
      </CsrfForm>
    </section>
  );
}
