import { type Money, minorUnitExponent, toMinorUnits } from "../domain/money.js";

/** What a file's accounts add up to, per currency, in minor units (never a float sum), and how many have no known balance. */
export interface PlacementTotals {
  byCurrency: Array<Money & { accounts: number }>;
  /** Accounts whose balance was left empty: not provided, never counted as 0. */
  withoutBalance: number;
}

/** The totals of rows as they would be placed, currencies in alphabetical order. */
export function placementTotals(rows: ReadonlyArray<{ amount: number | null; currency: string }>): PlacementTotals {
  const sums = new Map<string, { minorUnits: number; accounts: number }>();
  let withoutBalance = 0;
  for (const row of rows) {
    if (row.amount === null) {
      withoutBalance += 1;
      continue;
    }
    const sum = sums.get(row.currency) ?? { minorUnits: 0, accounts: 0 };
    sum.minorUnits += toMinorUnits(row.amount, row.currency);
    sum.accounts += 1;
    sums.set(row.currency, sum);
  }
  const byCurrency = [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, ...sum }));
  return { byCurrency, withoutBalance };
}

/** A total in major units, for a page to show (`formatAmount`). */
export const majorUnits = (money: Money): number => money.minorUnits / 10 ** minorUnitExponent(money.currency);
