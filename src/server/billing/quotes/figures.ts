import type { VatTreatment } from '../../../common/schemas/clinic-services';
import type { Discount } from '../../../common/schemas/invoices';
import { AppError, type Tx } from '../../platform';
import { shareOut, withInvoiceDiscount } from '../invoices/discounts';
import { manualLine, vatBreakdown, withTax } from '../invoices/lines';
import type { QuotesRepository } from './repository';

export interface QuotedService {
  id: string;
  name: string;
  priceCents: number;
  vat: VatTreatment;
}

/**
 * A quote's figures, computed by the invoice's own functions in the invoice's own order (decision 0111): each line's
 * quantity × price less its discount, then the quote's discount shared among the lines, then the VAT breakdown. So
 * the invoice of the whole quote up front, built from the same lines and discount, comes to the same cents.
 */
export function quoteFigures(
  lines: readonly { service: QuotedService; quantity: number; detail: string; discount?: Discount }[],
  discount: Discount | undefined,
) {
  const own = lines.map((line, index) => ({
    ...manualLine(
      {
        description: line.service.name,
        quantity: line.quantity,
        unitPriceCents: line.service.priceCents,
        vat: line.service.vat,
        discount: line.discount,
      },
      index,
    ),
    serviceId: line.service.id,
    detail: line.detail,
  }));
  const discounted = withInvoiceDiscount(own, discount);
  const priced = discounted.lines.map((line) => ({ ...withTax(line), detail: line.detail, serviceId: line.serviceId }));
  return { lines: priced, discountCents: discounted.discountCents, totals: vatBreakdown(priced) };
}

/** A line's description on the invoice: the service and its teeth or zones («Empaste — 16, 17»). */
export const lineConcept = (line: { description: string; detail: string }) =>
  line.detail ? `${line.description} — ${line.detail}` : line.description;

/**
 * What one visit that is a session of an accepted quote is invoiced at (issue 36, item 2): the line's unit price, and
 * as its discount what takes it to its share of the line's base once both discounts are off — the line's base shared
 * among its N sessions in whole cents that add up to it (`shareOut`), the k-th live session by start taking the k-th
 * share. A visit of a quote invoiced up front is not invoiced again.
 */
export async function quoteSessionPrices(repo: QuotesRepository, appointmentIds: string[], tx: Tx) {
  const sessions = await repo.sessionsOfAppointments(appointmentIds, tx);
  return new Map(
    sessions.map((session) => {
      if (session.upfrontInvoiceId) {
        throw new AppError(
          409,
          'ALREADY_INVOICED',
          `Esta cita es una sesión del presupuesto ${session.quoteNumber}, ya facturado por adelantado.`,
        );
      }
      const shares = shareOut(session.baseCents, Array<number>(session.quantity).fill(1));
      const sessionBase = shares[Math.min(session.index, session.quantity - 1)]!;
      const off = session.unitPriceCents - sessionBase;
      const price = {
        service: {
          id: session.serviceId,
          name: `${session.description} (presupuesto ${session.quoteNumber}, sesión ${session.index + 1} de ${session.quantity})`,
          priceCents: session.unitPriceCents,
          vat: session.vat,
        },
        discount: off > 0 ? ({ kind: 'importe', cents: off } as const) : undefined,
      };
      return [session.appointmentId, price] as const;
    }),
  );
}
