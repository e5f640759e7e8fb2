import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../common/schemas/payments';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import type { InvoiceType } from '../../../common/schemas/invoices';
import type { Db } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import {
  appointments,
  invoiceCancellations,
  invoiceLines,
  invoiceRectifications,
  invoiceSubstitutions,
  invoices,
  payments,
  verifactuRecords,
} from '../../platform';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An invoice as the books read it: as issued, with what it rectifies, its cancellation and its payments. */
export interface BookInvoiceRow {
  number: string;
  series: string;
  type: InvoiceType;
  issueDate: string;
  /** The day the service was done, when the record says it or the visits it invoices do (their last day). */
  operationDate: string | null;
  /** The recipient as the registro de alta names it: a NIF, or another document (a passport). */
  recipient: { name: string; nif?: string; otherId?: { type: string; id: string; country?: string } } | null;
  bases: Partial<Record<VatTreatment, number>>;
  totalCents: number;
  rectification: {
    kind: 'S' | 'I';
    number: string;
    issueDate: string;
    bases: Partial<Record<VatTreatment, number>>;
    totalCents: number;
  } | null;
  cancelledOn: string | null;
  payments: { day: string; amountCents: number; method: PaymentMethod }[];
  /** On an F3: the simplified invoices it replaces (FacturasSustituidas), already in the books when issued. */
  substitutes: { number: string; issueDate: string }[];
  /** On a simplified invoice an F3 replaced: that F3 and the recipient it names, whatever its period. */
  substitutedBy: { number: string; issueDate: string; recipient: BookInvoiceRow['recipient'] } | null;
}

interface RawRow {
  number: string;
  series: string;
  type: InvoiceType;
  issue_date: string;
  operation_date: string | null;
  record_operation_date: string | null;
  recipient: BookInvoiceRow['recipient'];
  bases: BookInvoiceRow['bases'] | null;
  total_cents: number;
  rectification: BookInvoiceRow['rectification'];
  cancelled_on: string | null;
  payments: BookInvoiceRow['payments'] | null;
  substitutes: BookInvoiceRow['substitutes'] | null;
  substituted_by: BookInvoiceRow['substitutedBy'];
}

/** An invoice's bases by VAT treatment (`{ exenta: 6000, '21': 500 }`), summed by the database. */
const basesOf = (invoiceId: ReturnType<typeof sql.raw>) => sql`(SELECT json_object_agg(g.vat, g.base) FROM (
  SELECT l.vat, sum(l.base_cents)::int AS base FROM ${invoiceLines} l WHERE l.invoice_id = ${invoiceId} GROUP BY l.vat) g)`;

/** The books' SQL (issue 35, item 5): every invoice of a period as issued, and the period's payments by method. */
export function createBooksRepository(db: Db) {
  return {
    /**
     * The invoices issued from `from` to `to` (both included), in order of date and number, each with its breakdown's
     * bases, the invoice it rectifies (and that one's bases), the day it was cancelled, its first registro de alta's
     * recipient and FechaOperacion, the last day of the visits it invoices (in the clinic's zone), its payments, and
     * the simplified invoices an F3 replaces or the F3 that replaced a simplified one. Only the invoices of `mode`:
     * once the clinic is in producción, its pruebas invoices (without fiscal value) are in no book.
     */
    async invoicesOf(
      from: string,
      to: string,
      timeZone: string,
      mode: BillingMode,
      tx: Db = db,
    ): Promise<BookInvoiceRow[]> {
      const result = await tx.execute(sql`
        SELECT i.number, i.series, i.type, i.issue_date::text AS issue_date, i.total_cents,
               (SELECT max((a.starts_at AT TIME ZONE ${timeZone})::date)::text FROM ${invoiceLines} l
                  JOIN ${appointments} a ON a.id = l.appointment_id WHERE l.invoice_id = i.id) AS operation_date,
               alta.record -> 'invoice' ->> 'operationDate' AS record_operation_date,
               alta.record -> 'invoice' -> 'recipient' AS recipient,
               ${basesOf(sql.raw('i.id'))} AS bases,
               (SELECT json_build_object('kind', r.kind, 'number', o.number, 'issueDate', o.issue_date::text,
                                         'totalCents', o.total_cents, 'bases', ${basesOf(sql.raw('o.id'))})
                  FROM ${invoiceRectifications} r JOIN ${invoices} o ON o.id = r.rectified_invoice_id
                 WHERE r.invoice_id = i.id) AS rectification,
               (c.cancelled_at AT TIME ZONE ${timeZone})::date::text AS cancelled_on,
               (SELECT json_agg(json_build_object('day', p.day::text, 'amountCents', p.amount_cents, 'method', p.method)
                                ORDER BY p.paid_at, p.id)
                  FROM ${payments} p WHERE p.invoice_id = i.id) AS payments,
               (SELECT json_agg(json_build_object('number', o.number, 'issueDate', o.issue_date::text)
                                ORDER BY o.issue_date, o.number)
                  FROM ${invoiceSubstitutions} s JOIN ${invoices} o ON o.id = s.substituted_invoice_id
                 WHERE s.invoice_id = i.id) AS substitutes,
               (SELECT json_build_object('number', f.number, 'issueDate', f.issue_date::text,
                                         'recipient', (SELECT v.record -> 'invoice' -> 'recipient'
                                                         FROM ${verifactuRecords} v
                                                        WHERE v.invoice_id = f.id AND v.kind = 'alta'
                                                        ORDER BY v.id LIMIT 1))
                  FROM ${invoiceSubstitutions} s JOIN ${invoices} f ON f.id = s.invoice_id
                 WHERE s.substituted_invoice_id = i.id) AS substituted_by
          FROM ${invoices} i
          LEFT JOIN ${invoiceCancellations} c ON c.invoice_id = i.id
          LEFT JOIN LATERAL (
            SELECT v.record FROM ${verifactuRecords} v WHERE v.invoice_id = i.id AND v.kind = 'alta'
             ORDER BY v.id LIMIT 1
          ) alta ON true
         WHERE i.issue_date >= ${from}::date AND i.issue_date <= ${to}::date AND i.mode = ${mode}
         ORDER BY i.issue_date, i.series, i.sequence`);
      return rowsOf<RawRow>(result).map((row) => ({
        number: row.number,
        series: row.series,
        type: row.type,
        issueDate: row.issue_date,
        operationDate: row.record_operation_date ?? row.operation_date,
        recipient: row.recipient,
        bases: row.bases ?? {},
        totalCents: Number(row.total_cents),
        rectification: row.rectification && { ...row.rectification, bases: row.rectification.bases ?? {} },
        cancelledOn: row.cancelled_on,
        payments: row.payments ?? [],
        substitutes: row.substitutes ?? [],
        substitutedBy: row.substituted_by,
      }));
    },

    /** The payments taken from `from` to `to` (the clinic's days; refunds count negative), by method. */
    async paymentsByMethod(from: string, to: string, tx: Db = db) {
      const result = await tx.execute(sql`
        SELECT p.method, sum(p.amount_cents)::bigint AS cents, count(*)::int AS count FROM ${payments} p
         WHERE p.day >= ${from}::date AND p.day <= ${to}::date
         GROUP BY p.method`);
      return rowsOf<{ method: PaymentMethod; cents: string; count: number }>(result).map((row) => ({
        method: row.method,
        amountCents: Number(row.cents),
        count: Number(row.count),
      }));
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
