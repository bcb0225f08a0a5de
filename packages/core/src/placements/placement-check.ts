import { type ErrorDetail, ServiceError } from "../errors/service-error.js";
import type { BackOfficeDeps } from "../back-office/back-office-deps.js";
import { batchError } from "../back-office/batch-error.js";
import { requireDeskAgreement } from "../desk-agreement/require-desk-agreement.js";
import { holdsControlCharacter } from "../guard/control-characters.js";
import { agencyToPlaceWith } from "./placement-agency.js";
import { ReferenceConflicts } from "./placement-conflicts.js";
import { rowField, type ValidPlacementRow, validatePlacementRows } from "./placement-rows.js";
import { ACCOUNT_NUMBERING, type RowNumbering, spreadsheetNumbering } from "./row-numbering.js";

/** Rows checked between two turns for other requests (`slices`): a few milliseconds of the guard's work. */
const ROWS_PER_SLICE = 250;

/**
 * Every rule a placement must pass (the one check behind placing, previewing and a file's job), taken
 * a part of the batch at a time, so a file of 100,000 rows is checked, and its good rows saved, without
 * holding all of its rows at once: the Desk agreement (spec §5.3) and the agency when it opens; each
 * row's rules (amounts, the PII guard) and the references' rule (repeated in the batch, at once; already
 * placed, when looked up: `lookUpPlaced`, or at `close`) as its part comes (`rows`). Problems are kept as
 * they are found and told all at once, in row order, by `close`.
 */
export class PlacementCheck {
  private readonly problems: ErrorDetail[] = [];
  /** The references' rule, told each checked row's reference as it comes. */
  private readonly references: ReferenceConflicts;
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
    this.references = new ReferenceConflicts((index) => rowField(index, "reference"), this.numbering);
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

  /** True while no row checked so far has a problem (a reference the Desk has placed counts once looked up). */
  get clean(): boolean {
    return this.problems.length === 0 && this.references.count === 0;
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
    this.references.add(
      rows.flatMap((raw, offset) => {
        const reference = (raw as { reference?: unknown } | null)?.reference;
        // A reference the row rules refuse is not looked up: PostgreSQL cannot even compare one holding U+0000.
        return typeof reference === "string" && reference.trim() !== "" && !holdsControlCharacter(reference)
          ? [{ reference: reference.trim(), index: first + offset }]
          : [];
      }),
    );
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

  /**
   * Looks up which references checked since the last look the Desk has placed already: a job looks
   * each part up before it saves it, while none of the part is saved (its own rows would be found).
   */
  lookUpPlaced(pace: () => Promise<void> = async () => {}): Promise<void> {
    return this.references.lookUp(this.deps.stores, this.deskId, pace);
  }

  /** The rest of the references looked up, then every problem found, at once and in row order (a 400). */
  async close(pace: () => Promise<void> = async () => {}): Promise<void> {
    if (this.checked === 0) throw this.sizeRefusal();
    await this.lookUpPlaced(pace);
    const all = [...this.problems, ...this.references.problems()].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    if (all.length > 0) throw batchError(all, "batch");
  }
}
