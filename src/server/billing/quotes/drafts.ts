import { Temporal } from 'temporal-polyfill';
import type { z } from 'zod';
import { QUOTE_DEFAULT_VALIDITY_DAYS, type quoteUpdateSchema } from '../../../common/schemas/quotes';
import {
  AppError,
  auditedIn,
  clock,
  notFound,
  transact,
  validationError,
  type AuditContext,
  type Tx,
} from '../../platform';
import type { RouteDeps } from '../route-deps';
import { quoteFigures } from './figures';
import type { QuoteLineInsert, QuotesRepository } from './repository';

export type QuoteTerms = z.output<typeof quoteUpdateSchema>;
const NOT_FOUND = 'Presupuesto no encontrado';

/**
 * What a quote proposes, priced on the clinic's `today`: its validity (a month when not given, not before today nor
 * beyond a year), its lines from the clinic's services (price and VAT copied now) and the figures the invoice's own
 * functions give. Shared by a new quote and a changed draft.
 */
export async function priceQuote(
  repos: { quotes: QuotesRepository },
  input: QuoteTerms,
  today: Temporal.PlainDate,
  tx: Tx,
) {
  const validUntil = input.validUntil ?? today.add({ days: QUOTE_DEFAULT_VALIDITY_DAYS }).toString();
  if (validUntil < today.toString()) throw validationError({ validUntil: 'La validez no puede terminar antes de hoy' });
  if (Temporal.PlainDate.compare(Temporal.PlainDate.from(validUntil), today.add({ years: 1 })) > 0) {
    throw validationError({ validUntil: 'La validez no puede superar un año' });
  }
  const services = await repos.quotes.servicesByIds(
    input.lines.map((line) => line.serviceId),
    tx,
  );
  const lines = input.lines.map((line, index) => {
    const service = services.find((row) => row.id === line.serviceId);
    if (!service) throw validationError({ [`lines.${index}.serviceId`]: 'Ese servicio ya no existe' });
    return { ...line, service };
  });
  const figures = quoteFigures(lines, input.discount);
  const rows: QuoteLineInsert[] = figures.lines.map((line) => ({
    serviceId: line.serviceId,
    description: line.description,
    detail: line.detail,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    vat: line.vat,
    discount: line.discount ?? null,
    discountCents: line.discountCents ?? 0,
    invoiceDiscountCents: line.invoiceDiscountCents ?? 0,
    baseCents: line.baseCents,
    taxCents: line.taxCents,
  }));
  return {
    validUntil,
    values: {
      validUntil,
      notes: input.notes,
      discount: input.discount ?? null,
      discountCents: figures.discountCents,
      baseCents: figures.totals.baseCents,
      taxCents: figures.totals.taxCents,
      totalCents: figures.totals.totalCents,
    },
    lines: rows,
  };
}

/**
 * A draft changed before it is sent (decision 0123): its lines, discounts, validity and notes replaced, priced again
 * at today's prices, under the same number. Once sent its lines are frozen (the database refuses too): 409.
 */
export function createQuoteDrafts(deps: Pick<RouteDeps, 'db' | 'repos'>) {
  const { repos } = deps;
  async function update(id: string, input: QuoteTerms, context: AuditContext) {
    await transact(deps.db, async (tx) => {
      const row = await repos.quotes.lock(id, tx);
      if (!row) throw notFound(NOT_FOUND);
      if (row.status !== 'borrador') {
        throw new AppError(
          409,
          'CONFLICT',
          `El presupuesto ${row.number} ya se envió: no se puede cambiar. Haz uno nuevo si hace falta.`,
        );
      }
      const { timeZone } = await repos.clinic.getSettings(tx);
      const priced = await priceQuote(repos, input, clock.today(timeZone), tx);
      await auditedIn(tx, () => repos.quotes.replaceDraft(id, priced.values, priced.lines, tx), {
        ...context,
        action: 'update',
        entity: 'quote',
        entityId: id,
        patientId: row.patientId,
        details: { edited: true, totalCents: priced.values.totalCents, validUntil: priced.validUntil },
      });
    });
  }
  return { update };
}
