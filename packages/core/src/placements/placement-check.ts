import { type ErrorDetail, ServiceError } from "../errors/service-error.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { batchError } from "../back-office/batch-error.js";
import { requireDeskAgreement } from "../desk-agreement/require-desk-agreement.js";
import { holdsControlCharacter } from "../guard/control-characters.js";
import { agencyToPlaceWith } from "./placement-agency.js";
import { findPlacementConflicts } from "./placement-conflicts.js";
import { rowField, type ValidPlacementRow, validatePlacementRows } from "./placement-rows.js";
import { ACCOUNT_NUMBERING, type RowNumbering, spreadsheetNumbering } from "./row-numbering.js";

/** Rows checked between two turns for other requests (`slices`): a few milliseconds of the guard's work. */
const ROWS_PER_SLICE = 250;

/**
 * Every rule a placement must pass (the one check behind placing, previewing and a file's job), taken
 * a part of the batch at a time, so a file of 100,000 rows is checked, and its good rows saved, without
 * holding all of its rows at once: the Desk agreement (spec §5.3) and the agency when it opens; each
 * row's rules (amounts, the PII guard) as its part comes (`rows`); the references' rule (repeated in the
 * batch, or already placed) over every row, when it closes. Problems are kept as they are found and
 * told all at once, in row order, by `close`.
 */
export class PlacementCheck {
  private readonly problems: ErrorDetail[] = [];
  /** Each checked row's reference (the references' rule needs every one), by the row's place in the batch. */
  private readonly references: Array<{ reference: string; index: number }> = [];
  /** CSV rows' spreadsheet numbers, as their parts come; `numbering` reads this list. */
  private readonly rowNumbers: number[] = [];
  private checked = 0;
  readonly numbering: RowNumbering;

  private constructor(
    private readonly deps: BackOfficeDeps,
    private readonly deskId: string,
    readonly agencyDeskId: string | null,
    private readonly maxRows: number,
    csv: boolean,
  ) {
    this.numbering = csv ? spreadsheetNumbering(this.rowNumbers) : ACCOUNT_NUMBERING;
  }

  /** A check of a Desk's batch: refused at once when the Desk has not accepted its agreement, or the agency is not its own. */
  static async open(
    deps: BackOfficeDeps,
    deskId: string,
    options: { agencyDeskId: string | null | undefined; maxRows: number; csv: boolean },
  ): Promise<PlacementCheck> {
    await requireDeskAgreement(deps.stores, deskId);
    const agencyDeskId = await agencyToPlaceWith(deps, deskId, options.agencyDeskId);
    return new PlacementCheck(deps, deskId, agencyDeskId, options.maxRows, options.csv);
  }

  /** The refusal of a batch with no rows, or more than `maxRows`. */
  sizeRefusal(): ServiceError {
    return new ServiceError("invalid_input", `Send 1 to ${this.maxRows.toLocaleString("en-US")} accounts.`, { field: "accounts" });
  }

  /** Rows checked so far. */
  get count(): number {
    return this.checked;
  }

  /** True while no row checked so far has a problem (its references are told apart at `close`). */
  get clean(): boolean {
    return this.problems.length === 0;
  }

  /**
   * The batch's next rows by each row's rules: answers those that pass. `rowNumbers` (CSV) are their
   * spreadsheet rows. A batch past `maxRows` is refused as soon as it is.
   */
  rows(rows: readonly unknown[], rowNumbers?: readonly number[]): ValidPlacementRow[] {
    const first = this.checked;
    if (first + rows.length > this.maxRows) throw this.sizeRefusal();
    if (rowNumbers !== undefined) for (const number of rowNumbers) this.rowNumbers.push(number);
    this.checked += rows.length;
    const slice = validatePlacementRows(rows, this.numbering, first);
    for (const problem of slice.problems) this.problems.push(problem);
    rows.forEach((raw, offset) => {
      const reference = (raw as { reference?: unknown } | null)?.reference;
      // A reference the row rules refuse is not looked up: PostgreSQL cannot even compare one holding U+0000.
      if (typeof reference === "string" && reference.trim() !== "" && !holdsControlCharacter(reference)) {
        this.references.push({ reference: reference.trim(), index: first + offset });
      }
    });
    return slice.rows;
  }

  /** `rows` for a long part, a slice at a time with a turn for other requests between: each slice's good rows. */
  async *slices(rows: readonly unknown[], rowNumbers: readonly number[] | undefined, pace: () => Promise<void>): AsyncGenerator<ValidPlacementRow[]> {
    for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
      const end = start + ROWS_PER_SLICE;
      yield this.rows(rows.slice(start, end), rowNumbers?.slice(start, end));
      await pace();
    }
  }

  /** The references' rule over every row checked, then every problem found, at once and in row order (a 400). */
  async close(pace: () => Promise<void> = async () => {}): Promise<void> {
    if (this.checked === 0) throw this.sizeRefusal();
    const conflicts = await findPlacementConflicts(this.deps.stores, this.deskId, this.references, (index) => rowField(index, "reference"), this.numbering, pace);
    const all = [...this.problems, ...conflicts].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    if (all.length > 0) throw batchError(all, "batch");
  }
}
