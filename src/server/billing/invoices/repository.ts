import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { InvoiceListQuery, InvoiceState } from '../../../common/schemas/invoices';
import { visibleInvoices } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import {
  appointmentMinors,
  appointments,
  clinicServices,
  doctors,
  patients,
  profiles,
  invoiceCancellations,
  invoiceLines,
  invoiceRectifications,
  invoices,
  invoiceSeries,
  invoiceSubstitutions,
  packSessions,
  payments,
} from '../../platform';
import type { Tx } from '../../platform';
import { invoiceAccountsOf } from './accounts-repository';
import { collectionCondition, collectionOf } from './collection-repository';
import { appointmentInvoicesOf } from './appointment-invoices-repository';
import {
  asCorrected,
  correctedRecipientName,
  correctedRecipientTaxId,
  latestCorrectionOf,
} from './corrections-repository';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = Omit<typeof invoices.$inferInsert, 'id' | 'series' | 'sequence' | 'number'>;
export type InvoiceLineInsert = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>;

export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** An appointment as invoicing needs it: whose, when, its state and the service it was booked for. */
export interface BillableAppointment {
  id: string;
  patientId: string;
  doctorId: string;
  doctorName: string;
  startsAt: Date;
  status: string;
  service: { id: string; name: string; priceCents: number; vat: InvoiceLineRow['vat'] } | null;
}

export interface BillableService {
  id: string;
  name: string;
  priceCents: number;
  vat: InvoiceLineRow['vat'];
}

/** What has been paid of an invoice (payments, migration 0027). */
const paidOf = (invoiceId: SQLWrapper) =>
  sql<number>`(SELECT coalesce(sum(p.amount_cents), 0)::int FROM ${payments} p WHERE p.invoice_id = ${invoiceId})`;

/**
 * An appointment on no invoice that stands (a cancelled invoice's visits can be invoiced again), nor using a session
 * of a pack (issue 36, item 3: the pack's invoice paid for it).
 */
const notInvoiced = sql`NOT EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.appointment_id = ${appointments.id}
  AND NOT EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = l.invoice_id))
  AND NOT EXISTS (SELECT 1 FROM ${packSessions} ps WHERE ps.appointment_id = ${appointments.id} AND ps.released_at IS NULL)`;

/** Appointments as invoicing reads them: who, when, its state and its service's price (to finish with a WHERE). */
const billableQuery = (tx: Db) =>
  tx
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      doctorName: profiles.displayName,
      startsAt: appointments.startsAt,
      status: appointments.status,
      serviceId: clinicServices.id,
      serviceName: clinicServices.name,
      priceCents: clinicServices.priceCents,
      vat: clinicServices.vat,
    })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.id, appointments.doctorId))
    .leftJoin(clinicServices, eq(clinicServices.id, appointments.serviceId))
    .$dynamic();

type BillableRow = Awaited<ReturnType<typeof billableQuery>>[number];
const billableOut = ({ serviceId, serviceName, priceCents, vat, ...row }: BillableRow): BillableAppointment => ({
  ...row,
  service: serviceId ? { id: serviceId, name: serviceName!, priceCents: priceCents!, vat: vat! } : null,
});

/** The outer invoice's id, qualified: inside a subquery that reads `invoices` again, a bare "id" would be the inner one's. */
const INVOICE_ID = sql.raw('"invoices"."id"');

/**
 * What is still owed on the account of an original invoice and its rectifying ones (migration 0029's functions):
 * negative when the clinic is to give money back; 0 on a rectifying invoice (its account is its original's) and on
 * a cancelled original.
 */
export const outstandingOf = (invoiceId: SQLWrapper = INVOICE_ID) =>
  sql<number>`(CASE WHEN EXISTS (SELECT 1 FROM invoice_rectifications r WHERE r.invoice_id = ${invoiceId})
    OR EXISTS (SELECT 1 FROM invoice_substitutions s WHERE s.invoice_id = ${invoiceId})
    OR EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = ${invoiceId}) THEN 0
    ELSE invoice_account_due(${invoiceId}) - invoice_account_paid(${invoiceId}) END)`;

/** The number of the invoice a rectifying one rectifies (null on an original). */
const rectifiesOf = (invoiceId: SQLWrapper = INVOICE_ID) =>
  sql<string | null>`(SELECT o.number FROM invoice_rectifications r JOIN invoices o ON o.id = r.rectified_invoice_id
    WHERE r.invoice_id = ${invoiceId})`;

/**
 * The amounts an invoice replaces: those of the invoice a rectificativa por sustitución replaces; on an F3, its own
 * (the AEAT's key F3 means its VAT is not counted again: the simplified invoices it replaces were, when issued, and
 * its cuota, rounded once over their lines, may differ from theirs by a cent); null on any other invoice.
 */
const substitutedOf = (invoiceId: SQLWrapper = INVOICE_ID) =>
  sql<{ baseCents: number; taxCents: number; totalCents: number } | null>`coalesce((SELECT json_build_object(
    'baseCents', o.base_cents, 'taxCents', o.tax_cents, 'totalCents', o.total_cents)
    FROM invoice_rectifications r JOIN invoices o ON o.id = r.rectified_invoice_id
    WHERE r.invoice_id = ${invoiceId} AND r.kind = 'S'), (SELECT json_build_object(
    'baseCents', f.base_cents, 'taxCents', f.tax_cents, 'totalCents', f.total_cents)
    FROM invoices f WHERE f.id = ${invoiceId}
      AND EXISTS (SELECT 1 FROM invoice_substitutions s WHERE s.invoice_id = f.id)))`;

const stateOf = (cancelledAt: unknown): InvoiceState => (cancelledAt ? 'anulada' : 'emitida');

/** How a number reads: the series and six digits (`F2027-000123`). */
export const invoiceNumber = (series: string, sequence: number) => `${series}-${String(sequence).padStart(6, '0')}`;
/** `invoiceNumber` in SQL, of the series' next number (`next.last_number`): never cut past six digits. */
const numberOfNext = (series: string) =>
  sql`${series}::text || '-' || lpad(last_number::text, greatest(6, length(last_number::text)), '0')`;

/**
 * All SQL of invoices and their VERI*FACTU records. What is written is never changed (the database refuses
 * it); only the two counters move: a series' last number and where an issuer's chain ends.
 */
export function createInvoicesRepository(db: Db) {
  return {
    ...invoiceAccountsOf(db),
    /**
     * Writes an issued invoice and its lines (positions from 1) under the next number of `series`, in one statement:
     * the series' row stays locked from this number until the issuing transaction ends, so concurrent issues take
     * numbers one after another and a rollback gives the number back; the fewer round trips under that lock, the
     * more invoices a second (docs/performance-history.md «Billing»).
     */
    async insertNumbered(
      series: string,
      invoice: InvoiceInsert,
      lines: InvoiceLineInsert[],
      tx: Tx,
    ): Promise<InvoiceRow> {
      const id = crypto.randomUUID();
      const lineRows = tx
        .insert(invoiceLines)
        .values(lines.map((line, index) => ({ ...line, invoiceId: id, position: index + 1 })))
        .getSQL();
      const result = await tx.execute(sql`
        WITH next AS (
          INSERT INTO ${invoiceSeries} (series, last_number) VALUES (${series}, 1)
          ON CONFLICT (series) DO UPDATE SET last_number = ${invoiceSeries}.last_number + 1
          RETURNING last_number
        ), invoice AS (
          INSERT INTO ${invoices} (id, series, sequence, number, type, issue_date, issued_at, patient_id, issuer,
                                   recipient, description, base_cents, tax_cents, total_cents, issued_by, mode,
                                   operation_dates, payer, treated_name, discount, discount_cents,
                                   withholding_rate, withholding_cents)
          SELECT ${id}::uuid, ${series}, last_number, ${numberOfNext(series)}, ${invoice.type}, ${invoice.issueDate}::date,
                 ${invoice.issuedAt.toISOString()}::timestamptz, ${invoice.patientId}::uuid,
                 ${JSON.stringify(invoice.issuer)}::jsonb,
                 ${invoice.recipient ? JSON.stringify(invoice.recipient) : null}::jsonb, ${invoice.description},
                 ${invoice.baseCents}, ${invoice.taxCents}, ${invoice.totalCents}, ${invoice.issuedBy ?? null}::uuid,
                 ${invoice.mode ?? 'pruebas'}, ${`{${(invoice.operationDates ?? []).join(',')}}`}::date[],
                 ${invoice.payer ?? 'paciente'}, ${invoice.treatedName ?? null},
                 ${invoice.discount ? JSON.stringify(invoice.discount) : null}::jsonb, ${invoice.discountCents ?? 0},
                 ${invoice.withholdingRate ?? 0}, ${invoice.withholdingCents ?? 0}
            FROM next
          RETURNING id
        ), line AS (${lineRows})
        SELECT last_number FROM next`);
      const sequence = Number((result as unknown as { rows: { last_number: number | string }[] }).rows[0]!.last_number);
      return {
        ...invoice,
        recipient: invoice.recipient ?? null,
        issuedBy: invoice.issuedBy ?? null,
        mode: invoice.mode ?? 'pruebas',
        operationDates: invoice.operationDates ?? [],
        payer: invoice.payer ?? 'paciente',
        treatedName: invoice.treatedName ?? null,
        discount: invoice.discount ?? null,
        discountCents: invoice.discountCents ?? 0,
        withholdingRate: invoice.withholdingRate ?? 0,
        withholdingCents: invoice.withholdingCents ?? 0,
        id,
        series,
        sequence,
        number: invoiceNumber(series, sequence),
      };
    },

    /**
     * The appointments to invoice, locked until the issuing transaction ends: two desks invoicing the same
     * visit at once take turns, and the second sees it already invoiced.
     */
    async lockBillableAppointments(ids: string[], tx: Tx): Promise<BillableAppointment[]> {
      if (ids.length === 0) return [];
      const rows = await billableQuery(tx)
        .where(inArray(appointments.id, ids))
        .orderBy(asc(appointments.startsAt))
        .for('update', { of: appointments });
      return rows.map(billableOut);
    },

    /** A patient's attended visits not on an invoice that stands, oldest first: what «Facturar» offers her page. */
    async billableVisitsOf(patientId: string, tx: Db = db): Promise<BillableAppointment[]> {
      const rows = await billableQuery(tx)
        .where(and(eq(appointments.patientId, patientId), eq(appointments.status, 'atendida'), notInvoiced))
        .orderBy(asc(appointments.startsAt))
        .limit(200);
      return rows.map(billableOut);
    },

    /**
     * Attended visits not yet on an invoice that stands, the most recent first: what the desk has left to invoice
     * (and what the demo clinic invoices when it is loaded).
     */
    async attendedNotInvoiced(limit: number, tx: Db = db) {
      return tx
        .select({
          id: appointments.id,
          patientId: appointments.patientId,
          doctorId: appointments.doctorId,
          specialtyId: doctors.specialtyId,
          serviceId: appointments.serviceId,
          startsAt: appointments.startsAt,
        })
        .from(appointments)
        .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
        .where(and(eq(appointments.status, 'atendida'), notInvoiced))
        .orderBy(desc(appointments.startsAt))
        .limit(limit);
    },

    /** The child and the guardian of the first of these visits booked for a minor (Pediatría), if any. */
    async minorOf(appointmentIds: string[], tx: Db = db) {
      if (appointmentIds.length === 0) return undefined;
      const [row] = await tx
        .select({
          childFirstName: appointmentMinors.childFirstName,
          childLastName: appointmentMinors.childLastName,
          guardianName: appointmentMinors.guardianName,
          guardianDocument: appointmentMinors.guardianDocument,
        })
        .from(appointmentMinors)
        .innerJoin(appointments, eq(appointments.id, appointmentMinors.appointmentId))
        .where(inArray(appointmentMinors.appointmentId, appointmentIds))
        .orderBy(asc(appointments.startsAt))
        .limit(1);
      return row;
    },

    async servicesByIds(ids: string[], tx: Db = db): Promise<BillableService[]> {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: clinicServices.id,
          name: clinicServices.name,
          priceCents: clinicServices.priceCents,
          vat: clinicServices.vat,
        })
        .from(clinicServices)
        .where(inArray(clinicServices.id, ids));
    },

    /** What one request may read of invoices (`access/ownership.ts`): the desk all, a paciente her own. */
    visibleTo(visibility: Visibility) {
      const visible = visibleInvoices(visibility);
      return {
        ...appointmentInvoicesOf(db, visible),
        async list(filters: InvoiceListQuery, tx: Db = db) {
          const where = and(visible, ...listConditions(filters));
          return tx
            .select({
              id: invoices.id,
              number: invoices.number,
              type: invoices.type,
              issueDate: invoices.issueDate,
              patientId: invoices.patientId,
              patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
              baseCents: invoices.baseCents,
              taxCents: invoices.taxCents,
              totalCents: invoices.totalCents,
              paidCents: paidOf(invoices.id),
              outstandingCents: outstandingOf(),
              rectifies: rectifiesOf(),
              substituted: substitutedOf(),
              substitutedByNumber: sql<string | null>`(SELECT f.number FROM invoice_substitutions s
                JOIN invoices f ON f.id = s.invoice_id WHERE s.substituted_invoice_id = ${invoices.id})`,
              concept: sql<string>`(SELECT coalesce(string_agg(l.description, '; ' ORDER BY l.position), '')
                FROM invoice_lines l WHERE l.invoice_id = ${invoices.id})`,
              collection: collectionOf(INVOICE_ID),
              cancelledAt: invoiceCancellations.cancelledAt,
            })
            .from(invoices)
            .innerJoin(patients, eq(patients.id, invoices.patientId))
            .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
            .where(where)
            .orderBy(desc(invoices.issueDate), desc(invoices.issuedAt), desc(invoices.number))
            .limit(2000)
            .then((rows) => rows.map(({ cancelledAt, ...row }) => ({ ...row, state: stateOf(cancelledAt) })));
        },

        /**
         * The list with what the accountant needs beside it: the recipient's NIF, the bases by VAT treatment
         * (`{ exenta: 6000, '21': 12100 }`), the invoice a rectificativa rectifies and, by substitution, the
         * amounts it replaces; in order of number.
         */
        async forAccountant(filters: InvoiceListQuery, tx: Db = db) {
          const where = and(visible, ...listConditions(filters));
          return tx
            .select({
              number: invoices.number,
              type: invoices.type,
              issueDate: invoices.issueDate,
              patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
              recipientTaxId: correctedRecipientTaxId,
              recipientName: correctedRecipientName,
              withholdingCents: invoices.withholdingCents,
              // The lines' own discounts and the invoice's, before VAT.
              discountsCents: sql<number>`(SELECT coalesce(sum(l.discount_cents), 0)::int FROM ${invoiceLines} l
                WHERE l.invoice_id = ${invoices.id}) + ${invoices.discountCents}`,
              baseCents: invoices.baseCents,
              taxCents: invoices.taxCents,
              totalCents: invoices.totalCents,
              rectifies: rectifiesOf(),
              substituted: substitutedOf(),
              cancelledAt: invoiceCancellations.cancelledAt,
              bases: sql<Record<string, number>>`(SELECT json_object_agg(g.vat, g.base) FROM (
                SELECT l.vat, sum(l.base_cents)::int AS base FROM ${invoiceLines} l
                 WHERE l.invoice_id = ${invoices.id} GROUP BY l.vat) g)`,
            })
            .from(invoices)
            .innerJoin(patients, eq(patients.id, invoices.patientId))
            .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
            .where(where)
            .orderBy(asc(invoices.series), asc(invoices.sequence))
            .then((rows) => rows.map(({ cancelledAt, ...row }) => ({ ...row, state: stateOf(cancelledAt) })));
        },

        /** A patient's invoices as issued, each with its lines and cancellation: two queries, whatever their number. */
        async ofPatientWithLines(patientId: string, tx: Db = db) {
          const rows = await tx
            .select({ invoice: invoices, cancellationReason: invoiceCancellations.reason })
            .from(invoices)
            .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
            .where(and(visible, eq(invoices.patientId, patientId)))
            .orderBy(asc(invoices.issueDate), asc(invoices.series), asc(invoices.sequence));
          if (rows.length === 0) return [];
          const lines = await tx
            .select()
            .from(invoiceLines)
            .where(
              inArray(
                invoiceLines.invoiceId,
                rows.map((row) => row.invoice.id),
              ),
            )
            .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
          return rows.map(({ invoice, cancellationReason }) => ({
            ...invoice,
            state: stateOf(cancellationReason),
            cancellationReason,
            lines: lines.filter((line) => line.invoiceId === invoice.id),
          }));
        },

        /** One invoice with its lines (and each line's doctor), or undefined when not visible. */
        async findById(id: string, tx: Db = db) {
          const [invoice] = await tx
            .select({
              invoice: invoices,
              patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
              paidCents: paidOf(invoices.id),
              outstandingCents: outstandingOf(),
              collection: collectionOf(INVOICE_ID),
            })
            .from(invoices)
            .innerJoin(patients, eq(patients.id, invoices.patientId))
            .where(and(eq(invoices.id, id), visible));
          if (!invoice) return undefined;
          const [lines, [cancellation], [rectification], rectifiedBy, correction, substitutes, [substitutedBy]] =
            await Promise.all([
              tx
                .select({ line: invoiceLines, doctorName: profiles.displayName })
                .from(invoiceLines)
                .leftJoin(profiles, eq(profiles.id, invoiceLines.doctorId))
                .where(eq(invoiceLines.invoiceId, id))
                .orderBy(asc(invoiceLines.position)),
              tx.select().from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, id)),
              tx
                .select({
                  kind: invoiceRectifications.kind,
                  reason: invoiceRectifications.reason,
                  number: invoices.number,
                  issueDate: invoices.issueDate,
                  baseCents: invoices.baseCents,
                  taxCents: invoices.taxCents,
                })
                .from(invoiceRectifications)
                .innerJoin(invoices, eq(invoices.id, invoiceRectifications.rectifiedInvoiceId))
                .where(eq(invoiceRectifications.invoiceId, id)),
              tx
                .select({ id: invoices.id, number: invoices.number })
                .from(invoiceRectifications)
                .innerJoin(invoices, eq(invoices.id, invoiceRectifications.invoiceId))
                .where(eq(invoiceRectifications.rectifiedInvoiceId, id))
                .orderBy(asc(invoices.issuedAt), asc(invoices.number)),
              latestCorrectionOf(tx, id),
              tx
                .select({ id: invoices.id, number: invoices.number, issueDate: invoices.issueDate })
                .from(invoiceSubstitutions)
                .innerJoin(invoices, eq(invoices.id, invoiceSubstitutions.substitutedInvoiceId))
                .where(eq(invoiceSubstitutions.invoiceId, id))
                .orderBy(asc(invoices.issueDate), asc(invoices.number)),
              tx
                .select({ id: invoices.id, number: invoices.number })
                .from(invoiceSubstitutions)
                .innerJoin(invoices, eq(invoices.id, invoiceSubstitutions.invoiceId))
                .where(eq(invoiceSubstitutions.substitutedInvoiceId, id)),
            ]);
          return {
            ...asCorrected(invoice.invoice, correction),
            patientName: invoice.patientName,
            paidCents: invoice.paidCents,
            outstandingCents: invoice.outstandingCents,
            collection: invoice.collection,
            rectification,
            rectifiedBy,
            substitutes,
            substitutedBy: substitutedBy ?? null,
            lines: lines.map(({ line, doctorName }) => ({ ...line, doctorName })),
            cancellation,
            state: stateOf(cancellation?.cancelledAt),
          };
        },
      };
    },

    /**
     * The letter that follows the year in the series of an issuer's invoices (migration 0044): none for the first NIF
     * that issued here, B for the second… A NIF issuing for the first time takes the next letter, in the issuing
     * transaction (a second issue of the same new NIF waits for it on the key, then reads it).
     */
    async seriesTagOf(issuerNif: string, tx: Tx): Promise<string> {
      const result = await tx.execute(sql`
        WITH added AS (
          INSERT INTO invoice_issuers (nif, tag)
          SELECT ${issuerNif}, CASE WHEN count(*) = 0 THEN '' ELSE chr(65 + count(*)::int) END FROM invoice_issuers
          ON CONFLICT (nif) DO NOTHING
          RETURNING tag
        )
        SELECT tag FROM added UNION ALL SELECT tag FROM invoice_issuers WHERE nif = ${issuerNif}`);
      return (result as unknown as { rows: { tag: string }[] }).rows[0]!.tag;
    },

    /** The simplified invoices an F3 is to replace, locked until the issuing transaction ends, with their lines. */
    async lockForSubstitution(ids: string[], tx: Tx) {
      const rows = await tx
        .select({
          invoice: invoices,
          cancelled: sql<boolean>`${invoiceCancellations.invoiceId} IS NOT NULL`,
          substitutedBy: invoiceSubstitutions.invoiceId,
          rectified: sql<boolean>`EXISTS (SELECT 1 FROM ${invoiceRectifications} r
            WHERE r.rectified_invoice_id = ${invoices.id})`,
        })
        .from(invoices)
        .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
        .leftJoin(invoiceSubstitutions, eq(invoiceSubstitutions.substitutedInvoiceId, invoices.id))
        .where(inArray(invoices.id, ids))
        .orderBy(asc(invoices.issueDate), asc(invoices.sequence))
        .for('update', { of: invoices });
      const lines = rows.length
        ? await tx
            .select({ line: invoiceLines, startsAt: appointments.startsAt })
            .from(invoiceLines)
            .leftJoin(appointments, eq(appointments.id, invoiceLines.appointmentId))
            .where(
              inArray(
                invoiceLines.invoiceId,
                rows.map((row) => row.invoice.id),
              ),
            )
            .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
        : [];
      return rows.map((row) => ({
        ...row,
        lines: lines.filter(({ line }) => line.invoiceId === row.invoice.id),
      }));
    },

    async insertSubstitutions(invoiceId: string, substitutedIds: string[], tx: Tx): Promise<void> {
      await tx
        .insert(invoiceSubstitutions)
        .values(substitutedIds.map((substitutedInvoiceId) => ({ invoiceId, substitutedInvoiceId })));
    },

    async insertRectification(row: typeof invoiceRectifications.$inferInsert, tx: Tx): Promise<void> {
      await tx.insert(invoiceRectifications).values(row);
    },

    async insertCancellation(row: typeof invoiceCancellations.$inferInsert, tx: Tx): Promise<void> {
      await tx.insert(invoiceCancellations).values(row);
    },

    async findById(id: string, tx: Db = db) {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id));
      if (!invoice) return undefined;
      const [lines, [rectification], [cancellation], correction, [substitution]] = await Promise.all([
        tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
        tx.select().from(invoiceRectifications).where(eq(invoiceRectifications.invoiceId, id)),
        tx.select().from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, id)),
        latestCorrectionOf(tx, id),
        tx.select().from(invoiceSubstitutions).where(eq(invoiceSubstitutions.substitutedInvoiceId, id)),
      ]);
      // As it reads now: the recipient and description a correction gave it (the row stays as issued).
      return {
        ...asCorrected(invoice, correction),
        lines,
        rectification,
        cancellation,
        substitutedBy: substitution?.invoiceId ?? null,
      };
    },

    /** Of these appointments, those already on an invoice that is not cancelled. */
    async invoicedAppointments(appointmentIds: string[], tx: Db = db): Promise<string[]> {
      if (appointmentIds.length === 0) return [];
      const rows = await tx
        .selectDistinct({ id: invoiceLines.appointmentId })
        .from(invoiceLines)
        .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoiceLines.invoiceId))
        .where(
          and(inArray(invoiceLines.appointmentId, appointmentIds), sql`${invoiceCancellations.invoiceId} IS NULL`),
        );
      return rows.map((row) => row.id!);
    },
  };
}

/** The list's filters as SQL: dates of issue, series, patient, the doctor or service of any line, the state. */
function listConditions(filters: InvoiceListQuery): (SQL | undefined)[] {
  const withLine = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.invoice_id = ${invoices.id} AND ${condition})`;
  return [
    filters.from ? gte(invoices.issueDate, filters.from) : undefined,
    filters.to ? lte(invoices.issueDate, filters.to) : undefined,
    filters.series ? eq(invoices.series, filters.series) : undefined,
    filters.patientId ? eq(invoices.patientId, filters.patientId) : undefined,
    filters.doctorId ? withLine(sql`l.doctor_id = ${filters.doctorId}`) : undefined,
    filters.serviceId ? withLine(sql`l.service_id = ${filters.serviceId}`) : undefined,
    filters.state === 'anulada' ? sql`${invoiceCancellations.invoiceId} IS NOT NULL` : undefined,
    filters.state === 'emitida' ? sql`${invoiceCancellations.invoiceId} IS NULL` : undefined,
    collectionCondition(INVOICE_ID, filters.collection),
  ];
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
