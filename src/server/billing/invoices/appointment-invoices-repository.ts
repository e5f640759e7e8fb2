import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppointmentInvoice } from '../../../common/schemas/invoices';
import type { Db } from '../../platform';
import { invoiceCancellations, invoiceLines, invoiceRectifications, invoices } from '../../platform';

/**
 * Which invoice holds each appointment, for the desk's «Facturar» (its own file: repository.ts holds the rest of
 * the invoices' SQL). `visible` is the request's narrowing of invoices (`access/ownership.ts` `visibleInvoices`),
 * so this is reached only through `request.scope.invoices`.
 */
export function appointmentInvoicesOf(db: Db, visible: SQL | undefined) {
  return {
    /**
     * Of these appointments, those on an invoice that stands (a cancelled invoice's visits are invoiced again), each
     * with that invoice. A visit stays on the invoice it was issued on when that invoice is rectified — by difference
     * or by substitution, a rectifying invoice's lines are typed by hand and name no visit, and the account (what is
     * owed and paid) is the original's — so the original is answered. Should two invoices that stand ever hold one
     * visit (the issue refuses it), an original is preferred to a rectifying one, then the latest.
     */
    async ofAppointments(appointmentIds: string[], tx: Db = db): Promise<AppointmentInvoice[]> {
      if (appointmentIds.length === 0) return [];
      const rows = await tx
        .selectDistinctOn([invoiceLines.appointmentId], {
          appointmentId: invoiceLines.appointmentId,
          invoiceId: invoices.id,
          number: invoices.number,
        })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
        .leftJoin(invoiceRectifications, eq(invoiceRectifications.invoiceId, invoices.id))
        .where(
          and(visible, inArray(invoiceLines.appointmentId, appointmentIds), isNull(invoiceCancellations.invoiceId)),
        )
        .orderBy(
          asc(invoiceLines.appointmentId),
          sql`${invoiceRectifications.invoiceId} IS NOT NULL`,
          desc(invoices.issuedAt),
        );
      return rows.map((row) => ({ appointmentId: row.appointmentId!, invoiceId: row.invoiceId, number: row.number }));
    },
  };
}
