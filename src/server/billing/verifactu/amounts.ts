import { type BreakdownLine, type Cents } from './types';

/** The largest amount ImporteSgn12.2Type allows: twelve integer digits. */
const MAX_CENTS = 999_999_999_999_99;

/**
 * An amount in cents as the AEAT's ImporteSgn12.2Type writes it: a dot, always two decimals, a minus sign when
 * negative (a rectification by difference), no thousands separator: 12345 → "123.45", -4400 → "-44.00".
 * The XML and the Huella both write amounts through here, so the two never disagree.
 */
export function formatAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Importe no entero en céntimos: ${cents}`);
  if (Math.abs(cents) > MAX_CENTS) throw new RangeError(`Importe fuera del rango de la AEAT: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate as Tipo2.2Type writes it: 21 → "21.00". */
export function formatRate(rate: number): string {
  return `${rate}.00`;
}

/**
 * The tax of a line: base × rate, rounded to the cent half away from zero (a negative base, in a rectification
 * by difference, rounds as its positive would). Integer arithmetic: no binary fractions.
 */
export function lineTax(line: BreakdownLine): Cents {
  if (line.kind === 'exempt') return 0;
  const abs = Math.floor((Math.abs(line.base) * line.rate + 50) / 100);
  return line.base < 0 ? -abs : abs;
}

/** CuotaTotal (the sum of the lines' tax) and ImporteTotal (bases plus tax). */
export function invoiceTotals(lines: readonly BreakdownLine[]): { tax: Cents; total: Cents } {
  let tax = 0;
  let base = 0;
  for (const line of lines) {
    tax += lineTax(line);
    base += line.base;
  }
  return { tax, total: base + tax };
}
