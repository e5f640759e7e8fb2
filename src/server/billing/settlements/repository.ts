import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  SettlementBasis,
  SettlementLine,
  SettlementRuleInput,
  SettlementSource,
} from '../../../common/schemas/settlements';
import type { BillingMode } from '../../../common/schemas/verifactu';
import type { Db, Tx } from '../../platform';
import {
  clinicServices,
  doctorSettlementLines,
  doctorSettlementRules,
  doctorSettlements,
  doctorSettlementServiceRules,
  doctors,
  invoiceLines,
  invoices,
  patients,
  payments,
  profiles,
  toInstant,
} from '../../platform';

/** A line of an original invoice, with whom it is of (its doctor, or its visit's). */
export interface SourceLine {
  position: number;
  baseCents: number;
  quantity: number;
  doctorId: string | null;
  serviceId: string | null;
  serviceName: string;
  /** Her visit's patient (an insurer's invoice has many), else the invoice's. */
  patientName: string;
}

/** An original invoice (never a rectifying one, never an F3): what every event of a doctor is shared over. */
export interface SourceInvoice {
  id: string;
  number: string;
  /** Paid by an insurer: its visits follow the rule's insurer term. */
  insurer: boolean;
  baseCents: number;
  /** What its payer owes as issued: the total less the IRPF withheld. */
  dueCents: number;
  lines: SourceLine[];
}

/**
 * Something that changes what a doctor is owed, on the day it happened:
 * - `factura`: the invoice issued, each of her lines at its base (after discounts) and its acts;
 * - `anulacion` of the invoice: the same, taken back; of a rectificativa, that rectificativa's change taken back;
 * - `rectificativa`: what it changes of the invoice's base, shared over its lines by their bases (no act changes);
 * - `cobro`: a payment, as the part of the invoice's base it pays (its share of what the payer owes).
 */
export interface SettlementEvent {
  kind: SettlementSource;
  sourceId: string;
  day: string;
  /** The document the line names: the invoice, or the rectificativa. */
  number: string;
  invoice: SourceInvoice;
  /** For `rectificativa` and the anulación of a rectificativa: the change of base to share over the lines. */
  baseChangeCents?: number;
  /** The payment in cents (a `cobro`): the acts it pays are this part of what is owed. */
  paymentCents?: number;
}

/** A computed line, with the keys that make it counted once. */
export interface ComputedLine extends SettlementLine {
  sourceId: string;
  invoiceId: string;
  linePosition: number;
}
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Who a line is of: its own doctor, else its visit's. */
const lineDoctor = sql.raw('coalesce(il.doctor_id, a.doctor_id)');
/**
 * A line's visit: its own, or the insurer visit it settles (an insurer's invoice names no appointment on its lines,
 * `insurer_settlement_visits` does, migration 0049).
 */
const lineVisit =
  sql.raw(`LEFT JOIN insurer_settlement_visits sv ON sv.invoice_id = il.invoice_id AND sv.position = il.position
  LEFT JOIN appointments a ON a.id = coalesce(il.appointment_id, sv.appointment_id)`);

/** Whether invoice `alias` has a line of the doctor. */
const hasLineOf = (alias: string, doctorId: string) => sql`EXISTS (
  SELECT 1 FROM ${invoiceLines} il ${lineVisit}
   WHERE il.invoice_id = ${sql.raw(alias)}.id AND ${lineDoctor} = ${doctorId}::uuid)`;

/** Not yet on a settlement of the doctor as `kind` of source `id`. */
const notCounted = (doctorId: string, kind: string, id: ReturnType<typeof sql.raw>) => sql`NOT EXISTS (
  SELECT 1 FROM ${doctorSettlementLines} sl
   WHERE sl.doctor_id = ${doctorId}::uuid AND sl.source_kind = ${kind} AND sl.source_id = ${id})`;

/** What a rectificativa `ri` (of kind `r.kind`) changes of its invoice's base: by substitution, since the one before. */
const changeOf = sql.raw(`(CASE WHEN r.kind = 'I' THEN ri.base_cents ELSE ri.base_cents - coalesce(
    (SELECT pi.base_cents FROM invoices pi JOIN invoice_rectifications pr ON pr.invoice_id = pi.id
      WHERE pr.rectified_invoice_id = r.rectified_invoice_id AND pr.kind = 'S' AND pi.issued_at < ri.issued_at
      ORDER BY pi.issued_at DESC LIMIT 1),
    (SELECT o.base_cents FROM invoices o WHERE o.id = r.rectified_invoice_id)) END)`);

interface EventRow {
  kind: SettlementEvent['kind'];
  source_id: string;
  day: string;
  number: string;
  invoice_id: string;
  base_change: number | null;
  payment: number | null;
}

/** Doctors' settlements (issue 36, item 7): their rules, the events not yet settled, and the settlements issued. */
export function createSettlementsRepository(db: Db) {
  return {
    /** Every doctor, active or not (or the one named), with her rule (null when she has none). */
    async rules(tx: Db = db, doctorId?: string) {
      const rows = await tx
        .select({
          doctorId: doctors.id,
          doctorName: profiles.displayName,
          basis: doctorSettlementRules.basis,
          percentBp: doctorSettlementRules.percentBp,
          insurerPercentBp: doctorSettlementRules.insurerPercentBp,
          updatedAt: doctorSettlementRules.updatedAt,
        })
        .from(doctors)
        .innerJoin(profiles, eq(profiles.id, doctors.id))
        .leftJoin(doctorSettlementRules, eq(doctorSettlementRules.doctorId, doctors.id))
        .where(doctorId ? eq(doctors.id, doctorId) : undefined)
        .orderBy(asc(profiles.displayName));
      const services = await tx
        .select()
        .from(doctorSettlementServiceRules)
        .where(doctorId ? eq(doctorSettlementServiceRules.doctorId, doctorId) : undefined);
      return rows.map((row) => ({
        doctorId: row.doctorId,
        doctorName: row.doctorName,
        rule:
          row.basis === null
            ? null
            : {
                basis: row.basis,
                percentBp: row.percentBp!,
                insurerPercentBp: row.insurerPercentBp,
                services: services
                  .filter((service) => service.doctorId === row.doctorId)
                  .map(({ serviceId, percentBp, amountCents }) => ({ serviceId, percentBp, amountCents })),
                updatedAt: row.updatedAt!.toISOString(),
              },
      }));
    },

    /** Replaces a doctor's rule whole. */
    async setRule(doctorId: string, input: SettlementRuleInput, by: string | null, at: Date, tx: Tx) {
      const values = {
        basis: input.basis,
        percentBp: input.percentBp,
        insurerPercentBp: input.insurerPercentBp,
        updatedAt: at,
        updatedBy: by,
      };
      await tx
        .insert(doctorSettlementRules)
        .values({ doctorId, ...values })
        .onConflictDoUpdate({ target: doctorSettlementRules.doctorId, set: values });
      await tx.delete(doctorSettlementServiceRules).where(eq(doctorSettlementServiceRules.doctorId, doctorId));
      if (input.services.length > 0) {
        await tx.insert(doctorSettlementServiceRules).values(input.services.map((rule) => ({ doctorId, ...rule })));
      }
    },

    /**
     * The events of the doctor from `fromDay` until `until` (an instant; `untilDay` its clinic's day) that no
     * settlement of hers has counted: of the billing mode's invoices, on her basis. An event of an earlier month
     * that came after that month was settled (a late payment) is counted by the next settlement.
     */
    async events(
      doctorId: string,
      basis: SettlementBasis,
      period: { fromDay: string; from: Date; untilDay: string; until: Date },
      mode: BillingMode,
      tx: Db = db,
    ) {
      const from = period.from.toISOString();
      const until = period.until.toISOString();
      const original = (alias: string) =>
        sql.raw(`NOT EXISTS (SELECT 1 FROM invoice_rectifications r0 WHERE r0.invoice_id = ${alias}.id)
        AND NOT EXISTS (SELECT 1 FROM invoice_substitutions s0 WHERE s0.invoice_id = ${alias}.id)`);
      const invoiced = sql`
        SELECT 'factura' AS kind, i.id AS source_id, i.issue_date::text AS day, i.number, i.id AS invoice_id,
               NULL::int AS base_change, NULL::int AS payment
          FROM ${invoices} i
         WHERE i.mode = ${mode} AND i.issued_at >= ${from}::timestamptz AND i.issued_at < ${until}::timestamptz
           AND ${original('i')} AND ${hasLineOf('i', doctorId)} AND ${notCounted(doctorId, 'factura', sql.raw('i.id'))}
           AND NOT EXISTS (SELECT 1 FROM ${doctorSettlementLines} sl
                            WHERE sl.doctor_id = ${doctorId}::uuid AND sl.source_kind = 'cobro' AND sl.invoice_id = i.id)
        UNION ALL
        SELECT 'rectificativa', ri.id, ri.issue_date::text, ri.number, r.rectified_invoice_id, ${changeOf}::int, NULL
          FROM ${invoices} ri JOIN invoice_rectifications r ON r.invoice_id = ri.id
          JOIN ${invoices} o ON o.id = r.rectified_invoice_id
         WHERE ri.mode = ${mode} AND ri.issued_at >= ${from}::timestamptz AND ri.issued_at < ${until}::timestamptz
           AND ${hasLineOf('o', doctorId)} AND ${notCounted(doctorId, 'rectificativa', sql.raw('ri.id'))}
        UNION ALL
        SELECT 'anulacion', x.id, (c.cancelled_at AT TIME ZONE tz.zone)::date::text, x.number,
               coalesce(r.rectified_invoice_id, x.id),
               CASE WHEN r.invoice_id IS NULL THEN NULL ELSE -(${changeOf})::int END, NULL
          FROM invoice_cancellations c JOIN ${invoices} x ON x.id = c.invoice_id
          LEFT JOIN invoice_rectifications r ON r.invoice_id = x.id
          LEFT JOIN ${invoices} ri ON ri.id = r.invoice_id
          CROSS JOIN (SELECT time_zone AS zone FROM clinic_settings WHERE id = 1) tz
          JOIN ${invoices} o ON o.id = coalesce(r.rectified_invoice_id, x.id)
         WHERE x.mode = ${mode} AND c.cancelled_at >= ${from}::timestamptz AND c.cancelled_at < ${until}::timestamptz
           AND NOT EXISTS (SELECT 1 FROM invoice_substitutions s0 WHERE s0.invoice_id = x.id)
           AND ${hasLineOf('o', doctorId)} AND ${notCounted(doctorId, 'anulacion', sql.raw('x.id'))}`;
      const collected = sql`
        SELECT 'cobro' AS kind, p.id AS source_id, p.day::text AS day, o.number, o.id AS invoice_id,
               NULL::int AS base_change, p.amount_cents AS payment
          FROM ${payments} p JOIN ${invoices} x ON x.id = p.invoice_id
          LEFT JOIN invoice_rectifications r ON r.invoice_id = x.id
          JOIN ${invoices} o ON o.id = coalesce(r.rectified_invoice_id, x.id)
         WHERE o.mode = ${mode} AND p.day >= ${period.fromDay}::date AND p.day < ${period.untilDay}::date
           AND ${hasLineOf('o', doctorId)} AND ${notCounted(doctorId, 'cobro', sql.raw('p.id'))}
           AND NOT EXISTS (SELECT 1 FROM ${doctorSettlementLines} sl
                            WHERE sl.doctor_id = ${doctorId}::uuid AND sl.source_kind = 'factura' AND sl.invoice_id = o.id)`;
      const rows = rowsOf<EventRow>(await tx.execute(basis === 'facturado' ? invoiced : collected));
      const sources = await this.sourceInvoices([...new Set(rows.map((row) => row.invoice_id))], tx);
      return rows.map(
        (row): SettlementEvent => ({
          kind: row.kind,
          sourceId: row.source_id,
          day: row.day,
          number: row.number,
          invoice: sources.get(row.invoice_id)!,
          ...(row.base_change !== null && { baseChangeCents: Number(row.base_change) }),
          ...(row.payment !== null && { paymentCents: Number(row.payment) }),
        }),
      );
    },

    /** The invoices events are shared over, with every line and whom it is of. */
    async sourceInvoices(ids: string[], tx: Db = db): Promise<Map<string, SourceInvoice>> {
      if (ids.length === 0) return new Map();
      const result = await tx.execute(sql`
        SELECT i.id, i.number, i.payer, i.base_cents, i.total_cents - i.withholding_cents AS due_cents,
               il.position, il.base_cents AS line_base, il.quantity, ${lineDoctor} AS doctor_id, il.service_id,
               coalesce(s.name, il.description) AS service_name,
               coalesce(ap.first_name || ' ' || ap.last_name, ip.first_name || ' ' || ip.last_name, '') AS patient_name
          FROM ${invoices} i
          JOIN ${invoiceLines} il ON il.invoice_id = i.id
          LEFT JOIN ${patients} ip ON ip.id = i.patient_id
          ${lineVisit}
          LEFT JOIN ${patients} ap ON ap.id = a.patient_id
          LEFT JOIN ${clinicServices} s ON s.id = il.service_id
         WHERE i.id IN (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         ORDER BY i.id, il.position`);
      const invoicesById = new Map<string, SourceInvoice>();
      for (const row of rowsOf<{
        id: string;
        number: string;
        payer: string;
        base_cents: number;
        due_cents: number;
        position: number;
        line_base: number;
        quantity: number;
        doctor_id: string | null;
        service_id: string | null;
        service_name: string;
        patient_name: string;
      }>(result)) {
        let invoice = invoicesById.get(row.id);
        if (!invoice) {
          invoice = {
            id: row.id,
            number: row.number,
            insurer: row.payer === 'aseguradora',
            baseCents: Number(row.base_cents),
            dueCents: Number(row.due_cents),
            lines: [],
          };
          invoicesById.set(row.id, invoice);
        }
        invoice.lines.push({
          position: Number(row.position),
          baseCents: Number(row.line_base),
          quantity: Number(row.quantity),
          doctorId: row.doctor_id,
          serviceId: row.service_id,
          serviceName: row.service_name,
          patientName: row.patient_name,
        });
      }
      return invoicesById;
    },

    /** The first month settled for the doctor (`yyyy-mm-01`), if any. */
    async firstMonth(doctorId: string, tx: Db = db): Promise<string | null> {
      const [row] = await tx
        .select({ month: sql<string | null>`min(${doctorSettlements.month})::text` })
        .from(doctorSettlements)
        .where(eq(doctorSettlements.doctorId, doctorId));
      return row?.month ?? null;
    },

    /** Writes an issued settlement and its lines; the unique keys refuse a month or an event counted twice. */
    async insert(
      settlement: {
        doctorId: string;
        month: string;
        basis: SettlementBasis;
        rule: unknown;
        countedCents: number;
        shareCents: number;
        issuedAt: Date;
        issuedBy: string | null;
      },
      lines: ComputedLine[],
      tx: Tx,
    ) {
      const [row] = await tx.insert(doctorSettlements).values(settlement).returning({ id: doctorSettlements.id });
      const id = row!.id;
      if (lines.length > 0) {
        await tx.insert(doctorSettlementLines).values(
          lines.map((line, index) => ({
            settlementId: id,
            position: index + 1,
            doctorId: settlement.doctorId,
            sourceKind: line.source,
            sourceId: line.sourceId,
            invoiceId: line.invoiceId,
            linePosition: line.linePosition,
            day: line.day,
            invoiceNumber: line.invoiceNumber,
            patientName: line.patientName,
            serviceName: line.serviceName,
            insurer: line.insurer,
            rule: line.rule,
            countedCents: line.countedCents,
            shareCents: line.shareCents,
          })),
        );
      }
      return id;
    },

    /** The issued settlements, of one doctor or of all (or the one of `id`), the newest month first. */
    async list(filter: { doctorId?: string | null; month?: string; id?: string }, tx: Db = db) {
      const result = await tx.execute(sql`
        SELECT s.id, s.doctor_id, p.display_name AS doctor_name, to_char(s.month, 'YYYY-MM') AS month, s.basis,
               s.counted_cents, s.share_cents, s.issued_at
          FROM ${doctorSettlements} s JOIN ${profiles} p ON p.id = s.doctor_id
         WHERE true
           ${filter.doctorId ? sql`AND s.doctor_id = ${filter.doctorId}::uuid` : sql``}
           ${filter.month ? sql`AND s.month = ${`${filter.month}-01`}::date` : sql``}
           ${filter.id ? sql`AND s.id = ${filter.id}::uuid` : sql``}
         ORDER BY s.month DESC, p.display_name, s.id`);
      return rowsOf<{
        id: string;
        doctor_id: string;
        doctor_name: string;
        month: string;
        basis: SettlementBasis;
        counted_cents: number;
        share_cents: number;
        issued_at: string | Date;
      }>(result).map((row) => ({
        id: row.id,
        doctorId: row.doctor_id,
        doctorName: row.doctor_name,
        month: row.month,
        basis: row.basis,
        countedCents: Number(row.counted_cents),
        shareCents: Number(row.share_cents),
        issuedAt: toInstant(row.issued_at).toISOString(),
      }));
    },

    /** The lines of issued settlements, each in order, in one query. */
    async lines(settlementIds: string[], tx: Db = db) {
      if (settlementIds.length === 0) return [];
      return tx
        .select({
          settlementId: doctorSettlementLines.settlementId,
          source: doctorSettlementLines.sourceKind,
          day: doctorSettlementLines.day,
          invoiceNumber: doctorSettlementLines.invoiceNumber,
          patientName: doctorSettlementLines.patientName,
          serviceName: doctorSettlementLines.serviceName,
          insurer: doctorSettlementLines.insurer,
          rule: doctorSettlementLines.rule,
          countedCents: doctorSettlementLines.countedCents,
          shareCents: doctorSettlementLines.shareCents,
        })
        .from(doctorSettlementLines)
        .where(inArray(doctorSettlementLines.settlementId, settlementIds))
        .orderBy(asc(doctorSettlementLines.settlementId), asc(doctorSettlementLines.position));
    },
  };
}

export type SettlementsRepository = ReturnType<typeof createSettlementsRepository>;
