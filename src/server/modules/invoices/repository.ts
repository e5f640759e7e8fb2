import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { InvoiceListQuery, InvoiceState } from '../../../common/schemas/invoices';
import { visibleInvoices } from '../../access/ownership';
import type { Visibility } from '../../access/visibility';
import type { Db } from '../../db/client';
import {
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
  payments,
  verifactuChains,
  verifactuRecords,
} from '../../db/schema';
import type { Tx } from '../../db/transaction';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = Omit<typeof invoices.$inferInsert, 'id' | 'series' | 'sequence' | 'number'>;
export type InvoiceLineInsert = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>;
export type StoredRecord = typeof verifactuRecords.$inferSelect;

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

const stateOf = (cancelledAt: unknown): InvoiceState => (cancelledAt ? 'anulada' : 'emitida');

/** How a number reads: the series and six digits (`F2027-000123`). */
export const invoiceNumber = (series: string, sequence: number) => `${series}-${String(sequence).padStart(6, '0')}`;

/**
 * All SQL of invoices and their VERI*FACTU records. What is written is never changed (the database refuses
 * it); only the two counters move: a series' last number and where an issuer's chain ends.
 */
export function createInvoicesRepository(db: Db) {
  return {
    /**
     * The next number of a series, taken in the issuing transaction: its row stays locked until that
     * transaction ends, so concurrent issues take numbers one after another, and a rollback gives it back.
     */
    async takeNumber(series: string, tx: Tx): Promise<{ series: string; sequence: number; number: string }> {
      const [row] = await tx
        .insert(invoiceSeries)
        .values({ series, lastNumber: 1 })
        .onConflictDoUpdate({ target: invoiceSeries.series, set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` } })
        .returning({ lastNumber: invoiceSeries.lastNumber });
      return { series, sequence: row!.lastNumber, number: invoiceNumber(series, row!.lastNumber) };
    },

    /** Writes an issued invoice and its lines (positions from 1), under the number just taken. */
    async insert(
      invoice: InvoiceInsert,
      numbered: { series: string; sequence: number; number: string },
      lines: InvoiceLineInsert[],
      tx: Tx,
    ): Promise<InvoiceRow> {
      const [row] = await tx
        .insert(invoices)
        .values({ ...invoice, ...numbered })
        .returning();
      await tx
        .insert(invoiceLines)
        .values(lines.map((line, index) => ({ ...line, invoiceId: row!.id, position: index + 1 })));
      return row!;
    },

    /**
     * The appointments to invoice, locked until the issuing transaction ends: two desks invoicing the same
     * visit at once take turns, and the second sees it already invoiced.
     */
    async lockBillableAppointments(ids: string[], tx: Tx): Promise<BillableAppointment[]> {
      if (ids.length === 0) return [];
      const rows = await tx
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
        .where(inArray(appointments.id, ids))
        .orderBy(asc(appointments.startsAt))
        .for('update', { of: appointments });
      return rows.map(({ serviceId, serviceName, priceCents, vat, ...row }) => ({
        ...row,
        service: serviceId ? { id: serviceId, name: serviceName!, priceCents: priceCents!, vat: vat! } : null,
      }));
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
        .where(
          and(
            eq(appointments.status, 'atendida'),
            sql`NOT EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.appointment_id = ${appointments.id}
                  AND NOT EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = l.invoice_id))`,
          ),
        )
        .orderBy(desc(appointments.startsAt))
        .limit(limit);
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
         * The list with what the accountant needs beside it: the recipient's NIF and the bases by VAT treatment
         * (`{ exenta: 6000, '21': 12100 }`), in order of number.
         */
        async forAccountant(filters: InvoiceListQuery, tx: Db = db) {
          const where = and(visible, ...listConditions(filters));
          return tx
            .select({
              number: invoices.number,
              type: invoices.type,
              issueDate: invoices.issueDate,
              patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
              recipientTaxId: sql<string | null>`${invoices.recipient} ->> 'taxId'`,
              baseCents: invoices.baseCents,
              taxCents: invoices.taxCents,
              totalCents: invoices.totalCents,
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

        /** One invoice with its lines (and each line's doctor), or undefined when not visible. */
        async findById(id: string, tx: Db = db) {
          const [invoice] = await tx
            .select({
              invoice: invoices,
              patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
              paidCents: paidOf(invoices.id),
            })
            .from(invoices)
            .innerJoin(patients, eq(patients.id, invoices.patientId))
            .where(and(eq(invoices.id, id), visible));
          if (!invoice) return undefined;
          const [lines, [cancellation]] = await Promise.all([
            tx
              .select({ line: invoiceLines, doctorName: profiles.displayName })
              .from(invoiceLines)
              .leftJoin(profiles, eq(profiles.id, invoiceLines.doctorId))
              .where(eq(invoiceLines.invoiceId, id))
              .orderBy(asc(invoiceLines.position)),
            tx.select().from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, id)),
          ]);
          return {
            ...invoice.invoice,
            patientName: invoice.patientName,
            paidCents: invoice.paidCents,
            lines: lines.map(({ line, doctorName }) => ({ ...line, doctorName })),
            cancellation,
            state: stateOf(cancellation?.cancelledAt),
          };
        },
      };
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
      const [lines, [rectification], [cancellation]] = await Promise.all([
        tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
        tx.select().from(invoiceRectifications).where(eq(invoiceRectifications.invoiceId, id)),
        tx.select().from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, id)),
      ]);
      return { ...invoice, lines, rectification, cancellation };
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

    /**
     * Takes the issuer's chain for this transaction and answers its last record (none for the first). An
     * advisory lock, not a row lock: the first record of an issuer has no row to lock yet.
     */
    async lockChain(issuerNif: string, tx: Tx): Promise<StoredRecord | undefined> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`verifactu:${issuerNif}`}, 0))`);
      const [row] = await tx
        .select({ record: verifactuRecords })
        .from(verifactuChains)
        .innerJoin(verifactuRecords, eq(verifactuRecords.id, verifactuChains.lastRecordId))
        .where(eq(verifactuChains.issuerNif, issuerNif));
      return row?.record;
    },

    /** Adds a record at the end of its issuer's chain (the caller holds the chain: `lockChain`). */
    async appendRecord(
      record: Pick<StoredRecord, 'issuerNif' | 'kind' | 'invoiceId' | 'record' | 'huella'>,
      previous: StoredRecord | undefined,
      tx: Tx,
    ): Promise<void> {
      // One statement (one round trip while the chain is held): the record, and the chain's end moved to it.
      const inserted = tx.$with('inserted').as(
        tx
          .insert(verifactuRecords)
          .values({ ...record, position: (previous?.position ?? 0) + 1 })
          .returning(),
      );
      await tx
        .with(inserted)
        .insert(verifactuChains)
        .select(tx.select({ issuerNif: inserted.issuerNif, lastRecordId: inserted.id }).from(inserted))
        .onConflictDoUpdate({ target: verifactuChains.issuerNif, set: { lastRecordId: sql`excluded.last_record_id` } });
    },

    /** Every record, by issuer and in chain order (the verification and the records' XML read this). */
    async chain(tx: Db = db): Promise<StoredRecord[]> {
      return tx
        .select()
        .from(verifactuRecords)
        .orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.position));
    },

    /** One issuer's records in chain order, `limit` from `offset` (the records' XML pages through them). */
    async chainOf(issuerNif: string, offset: number, limit: number, tx: Db = db): Promise<StoredRecord[]> {
      return tx
        .select()
        .from(verifactuRecords)
        .where(eq(verifactuRecords.issuerNif, issuerNif))
        .orderBy(asc(verifactuRecords.position))
        .offset(offset)
        .limit(limit);
    },

    async lastRecord(tx: Db = db): Promise<StoredRecord | undefined> {
      const [row] = await tx.select().from(verifactuRecords).orderBy(desc(verifactuRecords.id)).limit(1);
      return row;
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
  ];
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
