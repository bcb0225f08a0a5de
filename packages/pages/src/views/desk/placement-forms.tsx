import type { PageSession } from "../../sessions/page-session.js";
import type { ErrorDetail } from "@connector/core";
import type { AgencyMembershipView } from "@connector/core/agency";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS, type ValidPlacementRow } from "@connector/core/placements";
import { CsrfForm, Field, Notice, Table } from "@connector/ui";
import { Fragment } from "preact";
import { PAGES } from "../../page-paths.js";
import { formatAmount } from "../shared/format.js";
import type { OneAccountField, OneAccountForm } from "../shared/one-account-form.js";
import { plural } from "../shared/plural.js";

/**
 * What the preview step found: rows that would be saved (the dry run), or every problem at once.
 * Problems with the one-account form are said next to its fields (`fields`), not in a list.
 */
export type PlacementPreview =
  | { kind: "ok"; rows: ValidPlacementRow[]; source: string; rowNumbers: string; agencyDeskId: string }
  | {
      kind: "problems";
      message: string;
      details: readonly ErrorDetail[];
      fields?: readonly string[];
      /** The problems name a CSV file's rows, numbered as its spreadsheet numbers them: the page says so. */
      spreadsheetRows?: boolean;
    };

/** How a file's rows are counted in what to fix (core's row numbering), said where a person meets it. */
export const ROWS_COUNTED = "Rows are numbered as your spreadsheet numbers them: the header is row 1, so your first account is row 2.";

/**
 * Files up to this size go with the form itself (one request, spec §8's 64 KiB with room for the
 * form's other fields); bigger ones are sent in parts by the script.
 */
const FORM_FILE_MAX_BYTES = 60 * 1024;

/** The agency select's "none" choice: placed on this Desk only. */
const NO_AGENCY = { value: "", label: "This Desk only (no agency)" };

/** "Place with": the agencies this Desk is a client of (it accepted their invite); none when it has none. */
function PlaceWith({ id, agencies, value }: { id: string; agencies: readonly AgencyMembershipView[]; value?: string | undefined }) {
  if (agencies.length === 0) return null;
  const options = [NO_AGENCY, ...agencies.map((agency) => ({ value: agency.agencyDeskId, label: agency.agencyName }))];
  return (
    <Field kind="select" name="agencyDeskId" id={id} label="Place with" hint="An agency your Desk joined by its invitation." options={options} value={value} />
  );
}

/** The one-account form's fields, in its order: each control's id and label, as the form and its error summary name them. */
const ONE_ACCOUNT_FIELDS: ReadonlyArray<{ name: OneAccountField; id: string; label: string }> = [
  { name: "reference", id: "place-reference", label: "Reference" },
  { name: "name", id: "place-name", label: "Account holder's name" },
  { name: "amount", id: "place-amount", label: "Balance" },
  { name: "currency", id: "place-currency", label: "Currency" },
  { name: "creditor", id: "place-creditor", label: "Creditor" },
];

const oneAccountField = (name: string) => ONE_ACCOUNT_FIELDS.find((entry) => entry.name === name);

/** One account by form, or a CSV file: both go to the dry-run preview first, never straight to saving. */
export function PlacementForms(props: {
  session: PageSession;
  agencies: readonly AgencyMembershipView[];
  /** The one-account form as last sent: what was typed and what to fix, kept after a preview. */
  one?: (OneAccountForm & { agencyDeskId?: string }) | undefined;
}) {
  const { session, agencies } = props;
  const token = session.csrfToken("preview-placements");
  const values = props.one?.values ?? {};
  const errors = props.one?.errors ?? {};
  // The fields to fix, in the form's order: the preview's summary above links each; the first is focused on load.
  const refused = ONE_ACCOUNT_FIELDS.filter((field) => errors[field.name] !== undefined);
  const field = (name: OneAccountField) => {
    const { id, label } = oneAccountField(name)!;
    return { name, id, label, value: values[name], error: errors[name], first: refused[0]?.name === name };
  };
  return (
    <div class="grid">
      <CsrfForm action={PAGES.previewPlacements} token={token} label="Place one account">
        <h3>One account</h3>
        <Field {...field("reference")} hint="Your own reference for the account, unique on this Desk." required maxLength={80} />
        <Field {...field("name")} required maxLength={120} />
        <Field {...field("amount")} hint="Leave empty if you do not know it: it is saved as not provided, never as 0." />
        <Field {...field("currency")} hint="Three capital letters; USD when empty." maxLength={3} />
        <Field {...field("creditor")} hint="Optional: the current creditor, if not this Desk." maxLength={120} />
        <PlaceWith id="place-agency" agencies={agencies} value={props.one?.agencyDeskId} />
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
          hint={`A header row with reference, name, amount, currency, creditor; up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB (${MAX_UPLOAD_ROWS.toLocaleString("en-US")} accounts). Without JavaScript in your browser, up to 64 KB. If a row needs fixing, we give its row number in your spreadsheet: the header is row 1.`}
          required
        />
        <PlaceWith id="place-file-agency" agencies={agencies} />
        <BigFileProgress />
        <button type="submit">Preview</button>
      </CsrfForm>
    </div>
  );
}

/**
 * What the place screen's script (assets/place-upload.js) fills in while it sends a big file in
 * parts: the progress, and what went wrong with a way to choose the file again. Hidden, and unused,
 * without JavaScript; the form then posts the file itself.
 */
function BigFileProgress() {
  return (
    <>
      <div
        class="upload-progress"
        hidden
        data-place-upload
        data-api={PAGES.uploadsApi}
        data-me={PAGES.apiMe}
        data-preview={PAGES.placeUpload("")}
        data-form-max={FORM_FILE_MAX_BYTES}
      >
        <p>
          <strong>Sending your file in parts.</strong> Keep this page open; nothing is saved until you confirm on the next page.
        </p>
        <progress aria-label="Part of the file sent" max={1} value={0} />
        <p data-upload-shown />
        <p class="visually-hidden" role="status" data-upload-spoken />
      </div>
      <div class="notice bad" role="alert" tabIndex={-1} hidden data-upload-problem>
        <p class="notice-title">The file was not sent</p>
        <p data-upload-problem-text />
        <p>
          <a href="#place-file">Choose the file again</a>
        </p>
      </div>
    </>
  );
}

/** The dry run's answer: exactly what would be saved, and the one button that saves it; or what to fix. */
export function PlacementPreviewSection(props: { session: PageSession; preview: PlacementPreview; agencies: readonly AgencyMembershipView[] }) {
  const { session, preview } = props;
  if (preview.kind === "problems") {
    if (preview.fields !== undefined && preview.fields.length > 0) {
      // The one-account form says each problem next to its field; here only where to look.
      return (
        <Notice tone="bad" role="alert" title="Nothing was saved">
          <p>
            Check {preview.fields.length === 1 ? "the field" : `the ${preview.fields.length} fields`} marked below:{" "}
            {preview.fields.map((field, index) => (
              <Fragment key={field}>
                {index === 0 ? "" : ", "}
                <a href={`#${oneAccountField(field)?.id ?? `place-${field}`}`}>{oneAccountField(field)?.label ?? field}</a>
              </Fragment>
            ))}
            .
          </p>
        </Notice>
      );
    }
    const many = preview.details.length > 1;
    return (
      <Notice tone="bad" role="alert" title={many ? `Nothing was saved: fix these ${preview.details.length} problems first` : "Nothing was saved: fix this first"}>
        {preview.details.length === 0 ? (
          <p>{preview.message}</p>
        ) : (
          <>
            {preview.spreadsheetRows === true ? <p>{ROWS_COUNTED}</p> : null}
            <ul>
              {preview.details.map((detail) => (
                // The domain's messages already name their row ("Row 3, amount: …"), once each.
                <li key={`${detail.row}-${detail.field}-${detail.code}`}>{detail.message}</li>
              ))}
            </ul>
          </>
        )}
      </Notice>
    );
  }
  const agencyName = props.agencies.find((agency) => agency.agencyDeskId === preview.agencyDeskId)?.agencyName;
  return (
    <section aria-labelledby="preview-title" class="card">
      <h2 id="preview-title">Preview: nothing is saved yet</h2>
      <p>
        {preview.rows.length === 1 ? "This account" : `These ${plural(preview.rows.length, "account")}`} would be placed on your Desk exactly as shown
        {agencyName === undefined ? "" : `, with ${agencyName}`}.
        Saving starts Account Workflow (intake checks and bookkeeping): nobody is contacted and no money moves.
      </p>
      <Table
        caption={preview.rows.length === 1 ? "The account that would be saved" : "Accounts that would be saved"}
        columns={[{ label: "Reference" }, { label: "Name" }, { label: "Balance" }, { label: "Creditor" }]}
        rows={preview.rows.map((row) => [row.reference, row.name, formatAmount(row.amount, row.currency), row.creditor ?? "—"])}
      />
      <CsrfForm action={PAGES.savePlacements} token={session.csrfToken("save-placements")}>
        <input type="hidden" name="rows" value={preview.source} />
        <input type="hidden" name="rowNumbers" value={preview.rowNumbers} />
        <input type="hidden" name="agencyDeskId" value={preview.agencyDeskId} />
        <button type="submit" class="button primary">
          Save {plural(preview.rows.length, "placement")}
        </button>
      </CsrfForm>
    </section>
  );
}
