import type { Discount } from '../../../common/schemas/invoices';
import { validationError } from '../../platform';

/**
 * Discounts (issue 36, item 4), before VAT: a line's own off its quantity × price, then the invoice's shared among the
 * lines in proportion to what is left of each. Every amount is integer cents; a percentage is rounded once, half away
 * from zero as the VERI*FACTU record rounds; nothing ever goes below zero. The VAT breakdown (`vatBreakdown`) is then
 * computed over the bases that are left, so the record, the PDF and the CSV carry the same figures.
 */

/** `percent` % of `cents` (both ≥ 0), rounded half up to the cent: 10 % of 2,55 € is 0,26 €. */
const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

/** What `discount` takes off `cents`; an amount larger than what it applies to is refused with `field`'s message. */
export function discountCents(cents: number, discount: Discount | undefined | null, field: string): number {
  if (!discount) return 0;
  if (discount.kind === 'porcentaje') return percentOf(cents, discount.percent);
  if (discount.cents > cents) {
    throw validationError({ [field]: 'El descuento no puede superar el importe al que se aplica' });
  }
  return discount.cents;
}

/**
 * `amount` shared among `weights` (each ≥ 0) in proportion, in whole cents that add up to it exactly: each gets the
 * floor of its share, and the cents left over go to the largest remainders (the first line on a tie).
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / sum));
  let left = amount - shares.reduce((total, share) => total + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The line with its own discount taken off (its `discount` is what was asked, kept for the PDF). */
export function withLineDiscount<L extends { quantity: number; unitPriceCents: number; baseCents: number }>(
  line: L,
  discount: Discount | undefined,
  field: string,
): L & { discount: Discount | null; discountCents: number } {
  const gross = line.quantity * line.unitPriceCents;
  const off = discountCents(gross, discount, field);
  return { ...line, discount: discount ?? null, discountCents: off, baseCents: gross - off };
}

/** The lines with the invoice's discount shared out among them, and what it took off in all. */
export function withInvoiceDiscount<L extends { baseCents: number }>(
  lines: readonly L[],
  discount: Discount | undefined,
) {
  const before = lines.reduce((sum, line) => sum + line.baseCents, 0);
  const total = discountCents(before, discount, 'discount');
  const shares = shareOut(
    total,
    lines.map((line) => line.baseCents),
  );
  return {
    discountCents: total,
    lines: lines.map((line, index) => ({
      ...line,
      invoiceDiscountCents: shares[index]!,
      baseCents: line.baseCents - shares[index]!,
    })),
  };
}

/** IRPF withheld at `rate` % of the invoice's base (after discounts, before VAT), rounded as above. */
export const withholdingOf = (baseCents: number, rate: number) =>
  baseCents >= 0 ? percentOf(baseCents, rate) : -percentOf(-baseCents, rate);
