import { sql } from 'drizzle-orm';
import { PENDING_SHOWN } from '../../../common/schemas/billing-reports';
import { productionDoctorOf } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import { debtsOf } from './debts-repository';
import { salesOf } from './sales-repository';
import {
  appointments,
  clinicServices,
  doctors,
  invoiceCancellations,
  invoiceLines,
  invoiceRectifications,
  invoiceSubstitutions,
  invoices,
  patients,
  profiles,
  toInstant,
} from '../../platform';

/** A period of the clinic's calendar as instants: `[from, to)`. */
export interface Period {
  from: Date;
  to: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface ServiceRow {
  service_id: string | null;
  service_name: string | null;
  performed: number;
  invoiced: number;
  base_cents: number;
  tax_cents: number;
  pending: number;
}

/** The cuota of `base` at VAT treatment `vat`, rounded half away from zero: `lineTax` (verifactu/amounts.ts) in SQL. */
const taxAt = (vat: string, base: string) =>
  sql.raw(`(CASE WHEN ${vat} = 'exenta' THEN 0
    ELSE sign(${base}) * ((abs(${base})::bigint * ${vat}::int + 50) / 100) END)`);

/**
 * A line's share of what its invoice's rectifications change (`d.base` or `d.tax`: a substitution's amounts less the
 * original's, a difference's own), by the line's base within the invoice's: the invoice's base up to and including
 * this line rounded less the base before it rounded, so the shares of the lines add up to the change to the cent.
 */
const shareOf = (change: string) =>
  sql.raw(`(CASE WHEN x.base = 0 THEN 0
    ELSE round(${change}::numeric * x.upto / x.base) - round(${change}::numeric * (x.upto - il.base_cents) / x.base) END)`);

/**
 * The attended visits of a doctor (or of every doctor) in a period, each with the line that invoices it on an
 * invoice that stands (none when it was never invoiced or its invoice was cancelled). A visit stands on at most
 * one such line: issuing refuses a visit already invoiced. A line's cuota is its share of its VAT group's, which
 * the record rounds once (`invoices/lines.ts`, `vatBreakdown`): the group's cuota up to and including this line
 * less the group's cuota before it, so the shares of a group's lines add up to the record's cuota to the cent. What
 * the invoice's rectifications (that stand) change is shared among its lines too (`shareOf`): a visit invoiced and then
 * replaced by substitution counts once, at the substitute's amount, as the list and the books count it.
 */
const visitsWithLines = (doctorId: string | null, period: Period) => sql`
  SELECT a.id, a.patient_id, a.starts_at, a.service_id AS booked_service_id,
         l.service_id AS invoiced_service_id, l.base_cents, l.tax_cents, l.invoice_id
    FROM ${appointments} a
    LEFT JOIN LATERAL (
      SELECT il.service_id, il.invoice_id,
             (il.base_cents + ${shareOf('d.base')})::int AS base_cents,
             (${taxAt('il.vat', 'g.upto')} - ${taxAt('il.vat', '(g.upto - il.base_cents)')} + ${shareOf('d.tax')})::int AS tax_cents
        FROM ${invoiceLines} il
        CROSS JOIN LATERAL (
          SELECT sum(gl.base_cents) AS upto FROM ${invoiceLines} gl
           WHERE gl.invoice_id = il.invoice_id AND gl.vat = il.vat AND gl.position <= il.position
        ) g
        CROSS JOIN LATERAL (
          SELECT x.base_cents AS base, (SELECT sum(al.base_cents) FROM ${invoiceLines} al
                                         WHERE al.invoice_id = x.id AND al.position <= il.position) AS upto
            FROM ${invoices} x WHERE x.id = il.invoice_id
        ) x
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(CASE WHEN r.kind = 'S' THEN ri.base_cents - x.base ELSE ri.base_cents END), 0) AS base,
                 coalesce(sum(CASE WHEN r.kind = 'S' THEN ri.tax_cents - o.tax_cents ELSE ri.tax_cents END), 0) AS tax
            FROM ${invoiceRectifications} r
            JOIN ${invoices} ri ON ri.id = r.invoice_id
            JOIN ${invoices} o ON o.id = r.rectified_invoice_id
           WHERE r.rectified_invoice_id = il.invoice_id
             AND NOT EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = ri.id)
        ) d
       WHERE il.appointment_id = a.id
         AND NOT EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = il.invoice_id)
         -- An F3 repeats the lines of the simplified invoices it replaces: the visit counts on theirs.
         AND NOT EXISTS (SELECT 1 FROM ${invoiceSubstitutions} s WHERE s.invoice_id = il.invoice_id)
       LIMIT 1
    ) l ON true
   WHERE a.status = 'atendida'
     AND a.starts_at >= ${period.from.toISOString()}::timestamptz AND a.starts_at < ${period.to.toISOString()}::timestamptz
     ${doctorId ? sql`AND a.doctor_id = ${doctorId}::uuid` : sql``}`;

/**
 * The billing reports' SQL (issue 23, items 6 and 8): every figure is aggregated by the database (GROUP BY), in
 * one statement per report, whatever the number of visits or invoices.
 */
export function createBillingReportsRepository(db: Db) {
  return {
    ...debtsOf(db),
    ...salesOf(db),
    /** What one request may read of production (`access/ownership.ts`): the desk any doctor's, a doctor her own. */
    visibleTo(visibility: Visibility) {
      return {
        /** Whose production `asked` means for this request, or null when it is not this request's to read. */
        doctorOf: (asked: string | undefined) => productionDoctorOf(visibility, asked),

        /** Per service (the one invoiced, else the one booked): visits, invoiced amounts and visits left to invoice. */
        async byService(doctorId: string | null, period: Period, tx: Db = db) {
          const result = await tx.execute(sql`
            WITH v AS (${visitsWithLines(doctorId, period)})
            SELECT coalesce(v.invoiced_service_id, v.booked_service_id) AS service_id,
                   s.name AS service_name,
                   count(*)::int AS performed,
                   count(v.invoice_id)::int AS invoiced,
                   coalesce(sum(v.base_cents), 0)::int AS base_cents,
                   coalesce(sum(v.tax_cents), 0)::int AS tax_cents,
                   (count(*) - count(v.invoice_id))::int AS pending
              FROM v
              LEFT JOIN ${clinicServices} s ON s.id = coalesce(v.invoiced_service_id, v.booked_service_id)
             GROUP BY 1, 2
             ORDER BY coalesce(sum(v.base_cents), 0) + coalesce(sum(v.tax_cents), 0) DESC, s.name NULLS LAST`);
          return rowsOf<ServiceRow>(result).map((row) => ({
            serviceId: row.service_id,
            serviceName: row.service_name,
            performed: Number(row.performed),
            invoiced: Number(row.invoiced),
            baseCents: Number(row.base_cents),
            taxCents: Number(row.tax_cents),
            totalCents: Number(row.base_cents) + Number(row.tax_cents),
            pending: Number(row.pending),
          }));
        },

        /** The attended visits of the period not on an invoice that stands, the oldest first. */
        async pendingVisits(doctorId: string | null, period: Period, tx: Db = db) {
          const result = await tx.execute(sql`
            WITH v AS (${visitsWithLines(doctorId, period)})
            SELECT v.id, v.starts_at, p.first_name || ' ' || p.last_name AS patient_name, s.name AS service_name
              FROM v
              JOIN ${patients} p ON p.id = v.patient_id
              LEFT JOIN ${clinicServices} s ON s.id = v.booked_service_id
             WHERE v.invoice_id IS NULL
             ORDER BY v.starts_at, v.id
             LIMIT ${PENDING_SHOWN}`);
          return rowsOf<{ id: string; starts_at: string | Date; patient_name: string; service_name: string | null }>(
            result,
          ).map((row) => ({
            appointmentId: row.id,
            startsAt: toInstant(row.starts_at).toISOString(),
            patientName: row.patient_name,
            serviceName: row.service_name,
          }));
        },
      };
    },

    /** The doctor's name, or undefined when no such doctor exists. */
    async doctorName(doctorId: string, tx: Db = db): Promise<string | undefined> {
      const result = await tx.execute(
        sql`SELECT p.display_name AS name FROM ${doctors} d JOIN ${profiles} p ON p.id = d.id WHERE d.id = ${doctorId}::uuid`,
      );
      return rowsOf<{ name: string }>(result)[0]?.name;
    },

    /**
     * Invoices by month of their date of issue, from `firstMonth` (`yyyy-mm-01`) for `months` months, each month
     * once (generate_series): issued, cancelled since, and what stands. Each invoice counts as the books count it
     * (`invoices/books.ts`): a rectificativa por sustitución only what it changes of the invoice it replaces, an F3
     * nothing (the simplified invoices it replaces count, in their months).
     */
    async revenueByMonth(firstMonth: string, months: number, tx: Db = db) {
      const result = await tx.execute(sql`
        WITH m AS (
          SELECT generate_series(${firstMonth}::date, ${firstMonth}::date + make_interval(months => ${months - 1}), interval '1 month')::date AS month
        ), i AS (
          SELECT date_trunc('month', ${invoices.issueDate})::date AS month,
                 CASE WHEN EXISTS (SELECT 1 FROM ${invoiceSubstitutions} s
                                    WHERE s.invoice_id = ${sql.raw('"invoices"."id"')}) THEN 0
                 ELSE ${invoices.totalCents} - coalesce((SELECT o.total_cents FROM ${invoiceRectifications} r
                   JOIN ${invoices} o ON o.id = r.rectified_invoice_id
                  WHERE r.invoice_id = ${sql.raw('"invoices"."id"')} AND r.kind = 'S'), 0) END AS total,
                 (c.invoice_id IS NOT NULL) AS cancelled
            FROM ${invoices}
            LEFT JOIN ${invoiceCancellations} c ON c.invoice_id = ${invoices.id}
           WHERE ${invoices.issueDate} >= ${firstMonth}::date
             AND ${invoices.issueDate} < ${firstMonth}::date + make_interval(months => ${months})
        )
        SELECT to_char(m.month, 'YYYY-MM') AS month,
               count(i.month)::int AS issued,
               coalesce(sum(i.total), 0)::bigint AS issued_cents,
               count(i.month) FILTER (WHERE i.cancelled)::int AS cancelled,
               coalesce(sum(i.total) FILTER (WHERE i.cancelled), 0)::bigint AS cancelled_cents
          FROM m LEFT JOIN i ON i.month = m.month
         GROUP BY m.month
         ORDER BY m.month`);
      return rowsOf<{
        month: string;
        issued: number;
        issued_cents: string;
        cancelled: number;
        cancelled_cents: string;
      }>(result).map((row) => ({
        month: row.month,
        issued: Number(row.issued),
        issuedCents: Number(row.issued_cents),
        cancelled: Number(row.cancelled),
        cancelledCents: Number(row.cancelled_cents),
        netCents: Number(row.issued_cents) - Number(row.cancelled_cents),
      }));
    },
  };
}

export type BillingReportsRepository = ReturnType<typeof createBillingReportsRepository>;
