import { type Money, minorUnitExponent, toMinorUnits } from "../domain/money.js";

/** What a file's accounts add up to, per currency, in minor units (never a float sum), and how many have no known balance. */
export interface PlacementTotals {
  byCurrency: Array<Money & { accounts: number }>;
  /** Accounts whose balance was left empty: not provided, never counted as 0. */
  withoutBalance: number;
}

/** The totals of rows as they would be placed, currencies in alphabetical order. */
export function placementTotals(rows: ReadonlyArray<{ amount: number | null; currency: string }>): PlacementTotals {
  const tally = new PlacementTally();
  tally.add(rows);
  return tally.totals();
}

/** `placementTotals` of rows that come a part at a time (a file's preview), added as they come. */
export class PlacementTally {
  private readonly sums = new Map<string, { minorUnits: number; accounts: number }>();
  private withoutBalance = 0;

  add(rows: ReadonlyArray<{ amount: number | null; currency: string }>): void {
    for (const row of rows) {
      if (row.amount === null) {
        this.withoutBalance += 1;
        continue;
      }
      const sum = this.sums.get(row.currency) ?? { minorUnits: 0, accounts: 0 };
      sum.minorUnits += toMinorUnits(row.amount, row.currency);
      sum.accounts += 1;
      this.sums.set(row.currency, sum);
    }
  }

  totals(): PlacementTotals {
    const byCurrency = [...this.sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, ...sum }));
    return { byCurrency, withoutBalance: this.withoutBalance };
  }
}

/** A total in major units, for a page to show (`formatAmount`). */
export const majorUnits = (money: Money): number => money.minorUnits / 10 ** minorUnitExponent(money.currency);
