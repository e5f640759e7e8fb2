import { sql } from 'drizzle-orm';
import type { BillingMode } from '../../../common/schemas/verifactu';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import type { Db } from '../../platform';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An invoice line with what it is a sale of: its service, the doctor who did it and the visit, when known. */
export interface SalesLine {
  vat: VatTreatment;
  baseCents: number;
  serviceId: string | null;
  serviceName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  appointmentId: string | null;
}

/** An invoice as «Ventas» reads it: how the books count it, who pays it, what was paid on it and its lines. */
export interface SalesInvoice {
  id: string;
  /** Issued in the period (false: an invoice a rectificativa of the period rectifies, read for its lines). */
  inPeriod: boolean;
  cancelled: boolean;
  /** An F3: it replaces simplified invoices already counted, and adds nothing. */
  replaces: boolean;
  rectification: { kind: 'S' | 'I'; invoiceId: string } | null;
  /** The insurer of an invoice to an insurer (or of a rectificativa of one); null: the patient pays («Privado»). */
  insurerId: string | null;
  insurerName: string | null;
  /** What was paid on this invoice to date (refunds are negative). */
  paidCents: number;
  lines: SalesLine[];
}

interface RawInvoice {
  id: string;
  in_period: boolean;
  cancelled: boolean;
  replaces: boolean;
  rect_kind: 'S' | 'I' | null;
  rectified_id: string | null;
  insurer_id: string | null;
  insurer_name: string | null;
  paid_cents: string | number;
  lines: SalesLine[] | null;
}

/**
 * «Ventas» (decision 0122): the invoices of `mode` issued from `from` to `to` (the clinic's days, both included;
 * an invoice's date of issue is already the clinic's day), and the invoices their rectificativas rectify, with each
 * line's sale: the service it names, else the pack's (a pack's sale) or the quote line's at its position (a quote
 * invoiced up front); the doctor of its visit (an insurer's invoice names its visits by position in its settlement),
 * else the quote's; the visit itself.
 */
export function salesOf(db: Db) {
  return {
    async salesInvoices(from: string, to: string, mode: BillingMode, tx: Db = db): Promise<SalesInvoice[]> {
      const result = await tx.execute(sql`
        WITH period AS (
          SELECT i.id FROM invoices i
           WHERE i.issue_date >= ${from}::date AND i.issue_date <= ${to}::date AND i.mode = ${mode}
        ), wanted AS (
          SELECT id FROM period
          UNION
          SELECT r.rectified_invoice_id FROM invoice_rectifications r JOIN period p ON p.id = r.invoice_id
        )
        SELECT i.id,
               EXISTS (SELECT 1 FROM period p WHERE p.id = i.id) AS in_period,
               EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id) AS cancelled,
               EXISTS (SELECT 1 FROM invoice_substitutions s WHERE s.invoice_id = i.id) AS replaces,
               r.kind AS rect_kind, r.rectified_invoice_id AS rectified_id,
               ins.id AS insurer_id, ins.name AS insurer_name,
               (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p WHERE p.invoice_id = i.id)::bigint AS paid_cents,
               (SELECT json_agg(json_build_object(
                         'vat', l.vat, 'baseCents', l.base_cents,
                         'serviceId', s.id, 'serviceName', s.name || CASE
                           -- Two specialties may each have a «Revisión»: the row names its specialty then.
                           WHEN EXISTS (SELECT 1 FROM clinic_services o WHERE lower(o.name) = lower(s.name) AND o.id <> s.id)
                           THEN coalesce(' · ' || (SELECT sp.name FROM specialties sp WHERE sp.id = s.specialty_id), '')
                           ELSE '' END,
                         'doctorId', pr.id, 'doctorName', pr.display_name,
                         'appointmentId', coalesce(l.appointment_id, sv.appointment_id)) ORDER BY l.position)
                  FROM invoice_lines l
                  LEFT JOIN insurer_settlement_visits sv ON sv.invoice_id = l.invoice_id AND sv.position = l.position
                  LEFT JOIN appointments a ON a.id = coalesce(l.appointment_id, sv.appointment_id)
                  LEFT JOIN patient_packs pk ON pk.invoice_id = l.invoice_id
                  LEFT JOIN LATERAL (SELECT q.id, q.doctor_id FROM quotes q
                                      WHERE q.upfront_invoice_id = l.invoice_id LIMIT 1) q ON true
                  LEFT JOIN quote_lines ql ON ql.quote_id = q.id AND ql.position = l.position
                  LEFT JOIN clinic_services s ON s.id = coalesce(l.service_id, pk.service_id, ql.service_id, a.service_id)
                  LEFT JOIN profiles pr ON pr.id = coalesce(l.doctor_id, a.doctor_id, q.doctor_id)
                 WHERE l.invoice_id = i.id) AS lines
          FROM invoices i
          JOIN wanted w ON w.id = i.id
          LEFT JOIN invoice_rectifications r ON r.invoice_id = i.id
          LEFT JOIN LATERAL (
            SELECT n.id, n.name FROM insurer_settlement_visits v JOIN insurers n ON n.id = v.insurer_id
             WHERE i.payer = 'aseguradora' AND v.invoice_id = coalesce(r.rectified_invoice_id, i.id)
             LIMIT 1
          ) ins ON true
         ORDER BY i.issue_date, i.series, i.sequence`);
      return rowsOf<RawInvoice>(result).map((row) => ({
        id: row.id,
        inPeriod: row.in_period,
        cancelled: row.cancelled,
        replaces: row.replaces,
        rectification: row.rect_kind && row.rectified_id ? { kind: row.rect_kind, invoiceId: row.rectified_id } : null,
        insurerId: row.insurer_id,
        insurerName: row.insurer_name,
        paidCents: Number(row.paid_cents),
        lines: (row.lines ?? []).map((line) => ({ ...line, baseCents: Number(line.baseCents) })),
      }));
    },
  };
}
