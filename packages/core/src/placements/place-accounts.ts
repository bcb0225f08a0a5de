import { type ErrorDetail, ServiceError } from "../errors/service-error.js";
import { newId } from "../ids/uuid-v7.js";
import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf, handOver } from "../back-office/back-office-deps.js";
import { batchError } from "../back-office/batch-error.js";
import { placeLiveAccounts } from "./place-live-accounts.js";
import { type RowNumbering, rowNumberingOf } from "./row-numbering.js";
import { requireDeskAgreement } from "../desk-agreement/require-desk-agreement.js";
import { findPlacementConflicts } from "./placement-conflicts.js";
import { holdsControlCharacter } from "../guard/control-characters.js";
import type { PlacementView } from "../ports/back-office-stores.js";
import { isClientOfAgency } from "../agency/agency-operations.js";
import { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
import { MAX_PLACEMENT_ROWS, rowField, type ValidPlacementRow, validatePlacementRows } from "./placement-rows.js";

export interface PlaceAccountsInput {
  /** Rows as sent: JSON objects, or CSV records keyed by the header row. */
  rows: readonly unknown[];
  /** For CSV rows, the spreadsheet row each was read from (`readCsvRows`), which problems name; absent for JSON. */
  rowNumbers?: readonly number[] | undefined;
  agencyDeskId?: string | null;
  dryRun: boolean;
}

/** What a caller inside core may add: a file's larger row limit. */
export interface PlaceAccountsOptions {
  /** Most rows placed at once: one request's `MAX_PLACEMENT_ROWS` unless a file assembled from parts. */
  maxRows?: number;
}

export type PlaceAccountsResult =
  | { dryRun: true; saved: false; placements: ValidPlacementRow[] }
  | { dryRun: false; saved: true; placements: PlacementView[]; workflowRunIds: string[] };

/** How a long check shares the process and says how far it got (a file placed as a job, issue 47). */
export interface CheckPacing {
  /** Called as often as is cheap; hands the turn to other requests once a slice has used its budget. */
  pace?: () => Promise<void>;
  /** Told how many rows have been checked so far. */
  checked?: (rows: number) => Promise<void>;
}

/** Rows validated between two calls of `pace`: a few milliseconds of the guard's work. */
const ROWS_PER_SLICE = 250;

/**
 * Every rule a placement must pass, every problem at once, nothing saved: the agreement (spec §5.3),
 * the agency, the row count, each row (amount rules, PII guard) and repeated or already placed
 * references. The one check behind placing, previewing and a file's job; a long batch is checked a
 * slice at a time (`pacing`), so other requests are answered meanwhile.
 */
export async function checkPlacement(
  deps: BackOfficeDeps,
  deskId: string,
  input: Pick<PlaceAccountsInput, "rows" | "agencyDeskId" | "rowNumbers">,
  options: Pick<PlaceAccountsOptions, "maxRows"> & CheckPacing = {},
): Promise<{ rows: ValidPlacementRow[]; agencyDeskId: string | null; numbering: RowNumbering }> {
  const pace = options.pace ?? (async () => {});
  await requireDeskAgreement(deps.stores, deskId);
  const agencyDeskId = await agencyToPlaceWith(deps, deskId, input.agencyDeskId);
  const maxRows = options.maxRows ?? MAX_PLACEMENT_ROWS;
  if (input.rows.length === 0 || input.rows.length > maxRows) {
    throw new ServiceError("invalid_input", `Send 1 to ${maxRows.toLocaleString("en-US")} accounts.`, { field: "accounts" });
  }
  const numbering = rowNumberingOf(input.rowNumbers);
  const rows: ValidPlacementRow[] = [];
  const problems: ErrorDetail[] = [];
  for (let start = 0; start < input.rows.length; start += ROWS_PER_SLICE) {
    const slice = validatePlacementRows(input.rows.slice(start, start + ROWS_PER_SLICE), numbering, start);
    for (const row of slice.rows) rows.push(row);
    for (const problem of slice.problems) problems.push(problem);
    await options.checked?.(Math.min(start + ROWS_PER_SLICE, input.rows.length));
    await pace();
  }
  const conflicts = await findPlacementConflicts(
    deps.stores,
    deskId,
    input.rows.flatMap((raw, index) => {
      const reference = (raw as { reference?: unknown } | null)?.reference;
      // A reference the row rules refuse is not looked up: PostgreSQL cannot even compare one holding U+0000.
      return typeof reference === "string" && reference.trim() !== "" && !holdsControlCharacter(reference)
        ? [{ reference: reference.trim(), index }]
        : [];
    }),
    (index) => rowField(index, "reference"),
    numbering,
    pace,
  );
  const all = [...problems, ...conflicts].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (all.length > 0) throw batchError(all, "batch");
  return { rows, agencyDeskId, numbering };
}

/**
 * POST /api/v1/placements (spec §3, §4.3): checks every row (`checkPlacement`) and reports every
 * problem at once; with `dryRun` answers exactly what would be saved and saves nothing; otherwise
 * saves all rows or none and queues Account Workflow for them. Placing with an agency
 * (`agencyDeskId`) needs a client relation to it. Nothing is placed, nor previewed, before the
 * Desk's owner has accepted the current Desk agreement (spec §5.3, every door: session, desk key,
 * the place screen); a dry run answers what saving would.
 */
export async function placeAccounts(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  input: PlaceAccountsInput,
  options: PlaceAccountsOptions = {},
): Promise<PlaceAccountsResult> {
  assertDeskActor(actor);
  const { rows, agencyDeskId, numbering } = await checkPlacement(deps, actor.deskId, input, options);
  if (input.dryRun) return { dryRun: true, saved: false, placements: rows };

  const now = clockOf(deps);
  const placedAt = now.toISOString();
  const saved = await deps.stores.transaction(async (stores) => {
    const placements = rows.map((row) => ({
      accountId: newId(now.getTime()),
      deskId: actor.deskId,
      agencyDeskId,
      ...row,
      placedAt,
      draftId: null,
    }));
    await placeLiveAccounts(stores, actor.deskId, placements, (index) => rowField(index, "reference"), "batch", numbering);
    const accountIds = placements.map((placement) => placement.accountId);
    const workflowRunIds = await queueAccountWorkflow(stores, actor.deskId, accountIds, now, { onlyWhenEnabled: true });
    const views: PlacementView[] = placements.map((placement) => ({
      accountId: placement.accountId,
      reference: placement.reference,
      agencyDeskId,
      amount: placement.amount,
      currency: placement.currency,
      creditor: placement.creditor,
      caseStatus: "new",
      skip: "not_skipped",
      placedAt,
    }));
    return { placements: views, workflowRunIds };
  });
  await handOver(deps, saved.workflowRunIds);
  return { dryRun: false, saved: true, ...saved };
}

/**
 * The agency to place with (`agency_desk_id`), lower-cased, or null for this Desk only. Only an
 * agency this Desk is a client of (it redeemed the agency's invite); an unknown agency id, or one
 * that is not this Desk's agency, is answered alike.
 */
export async function agencyToPlaceWith(deps: BackOfficeDeps, deskId: string, given: string | null | undefined): Promise<string | null> {
  const agencyDeskId = given === undefined || given === null || given === "" ? null : given.toLowerCase();
  if (agencyDeskId !== null && !(await isClientOfAgency(deps.stores.agency, deskId, agencyDeskId))) {
    throw new ServiceError(
      "agency_not_client",
      "This Desk is not a client of that agency. A Desk becomes an agency's client by redeeming the agency's invite.",
      { field: "agency_desk_id" },
    );
  }
  return agencyDeskId;
}

/** GET /api/v1/placements: the Desk's placed accounts, a page at a time, `amount` a number or null. */
export async function listPlacements(
  deps: BackOfficeDeps,
  actor: BackOfficeActor,
  page: { limit: number; cursor?: string },
) {
  assertDeskActor(actor);
  return deps.stores.placements.list(actor.deskId, {
    limit: page.limit,
    ...(page.cursor === undefined ? {} : { after: page.cursor.toLowerCase() }),
  });
}
