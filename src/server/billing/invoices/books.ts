import type { InvoiceState } from '../../../common/schemas/invoices';

/** An invoice's own amounts, as issued. */
export interface Amounts {
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What an invoice adds to the books (the list's totals, the CSV's net columns, the dashboard): its own amounts,
 * less those of the invoice it substitutes when it is a rectificativa por sustitución (its record's
 * BaseRectificada and CuotaRectificada) — the original and its substitute stand as one amount, the substitute's,
 * whatever period each falls in; nothing when it is cancelled. A rectificativa by difference adds what it carries.
 */
export function bookedAmounts(invoice: Amounts & { state: InvoiceState; substituted: Amounts | null }): Amounts {
  if (invoice.state === 'anulada') return { baseCents: 0, taxCents: 0, totalCents: 0 };
  const replaced = invoice.substituted ?? { baseCents: 0, taxCents: 0, totalCents: 0 };
  return {
    baseCents: invoice.baseCents - replaced.baseCents,
    taxCents: invoice.taxCents - replaced.taxCents,
    totalCents: invoice.totalCents - replaced.totalCents,
  };
}
