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

export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitExponent(currency));
}
