/**
 * Money travels as an integer count of the currency's minor units plus its ISO 4217 code,
 * so no response ever carries a binary floating-point amount (docs/decisions.md).
 */
export interface Money {
  minorUnits: number;
  currency: string;
}

/** ISO 4217 currencies whose minor unit is not the cent. */
const MINOR_UNIT_EXPONENT: Record<string, number> = { JPY: 0, KRW: 0, BHD: 3, KWD: 3, JOD: 3, OMR: 3, TND: 3 };

export function minorUnitExponent(currency: string): number {
  return MINOR_UNIT_EXPONENT[currency] ?? 2;
}

/**
 * Whether `amount` (in major units) has no more decimals than the currency's minor unit: 12.34 USD
 * does, 1.005 USD and 1.5 JPY do not. The one amount rule of every door that takes an amount (the
 * placement draft tool and `/api/v1` placements), so nothing is rounded silently into another sum.
 */
export function fitsMinorUnits(amount: number, currency: string): boolean {
  const scaled = amount * 10 ** minorUnitExponent(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** The rule above in words, after the field's name: "must have at most 2 decimal places for USD". */
export function minorUnitsRuleMessage(currency: string): string {
  const places = minorUnitExponent(currency);
  return places === 0 ? `must be a whole number for ${currency}` : `must have at most ${places} decimal place${places === 1 ? "" : "s"} for ${currency}`;
}

export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitExponent(currency));
}

/**
 * The largest balance one placed account may carry (spec §8), in major units: the connector's
 * placement drafts and `/api/v1` placements both stop here.
 */
export const MAX_PLACEMENT_AMOUNT = 100_000_000;
