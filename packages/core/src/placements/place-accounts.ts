import { newId } from "../ids/uuid-v7.js";
import { assertDeskActor, type BackOfficeActor } from "../back-office/back-office-actor.js";
import { type BackOfficeDeps, clockOf, handOver } from "../back-office/back-office-deps.js";
import { placeLiveAccounts } from "./place-live-accounts.js";
import type { RowNumbering } from "./row-numbering.js";
import type { PlacementView } from "../ports/back-office-stores.js";
import { queueAccountWorkflow } from "../workflow/queue-account-workflow.js";
import { PlacementCheck } from "./placement-check.js";
import { MAX_PLACEMENT_ROWS, rowField, type ValidPlacementRow } from "./placement-rows.js";

export interface PlaceAccountsInput {
  /** Rows as sent: JSON objects, or CSV records keyed by the header row. */
  rows: readonly unknown[];
  /** For CSV rows, the spreadsheet row each was read from (`readCsvRows`), which problems name; absent for JSON. */
  rowNumbers?: readonly number[] | undefined;
  agencyDeskId?: string | null;
  dryRun: boolean;
}

export type PlaceAccountsResult =
  | { dryRun: true; saved: false; placements: ValidPlacementRow[] }
  | { dryRun: false; saved: true; placements: PlacementView[]; workflowRunIds: string[] };

/**
 * Every rule a placement must pass (`PlacementCheck`), every problem at once, nothing saved, for a
 * batch whose rows are all at hand (a request's; a file's job and preview check theirs as they read
 * them).
 */
export async function checkPlacement(
  deps: BackOfficeDeps,
  deskId: string,
  input: Pick<PlaceAccountsInput, "rows" | "agencyDeskId" | "rowNumbers">,
): Promise<{ rows: ValidPlacementRow[]; agencyDeskId: string | null; numbering: RowNumbering }> {
  const check = await PlacementCheck.open(deps, deskId, { agencyDeskId: input.agencyDeskId, maxRows: MAX_PLACEMENT_ROWS, csv: input.rowNumbers !== undefined });
  if (input.rows.length === 0 || input.rows.length > MAX_PLACEMENT_ROWS) throw check.sizeRefusal();
  const rows = check.rows(input.rows, input.rowNumbers);
  await check.close();
  return { rows, agencyDeskId: check.agencyDeskId, numbering: check.numbering };
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
): Promise<PlaceAccountsResult> {
  assertDeskActor(actor);
  const { rows, agencyDeskId, numbering } = await checkPlacement(deps, actor.deskId, input);
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
