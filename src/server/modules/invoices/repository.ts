import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invoiceCancellations,
  invoiceLines,
  invoiceRectifications,
  invoices,
  invoiceSeries,
  verifactuChains,
  verifactuRecords,
} from '../../db/schema';
import type { Tx } from '../../db/transaction';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = Omit<typeof invoices.$inferInsert, 'id' | 'series' | 'sequence' | 'number'>;
export type InvoiceLineInsert = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>;
export type StoredRecord = typeof verifactuRecords.$inferSelect;

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
    ): Promise<StoredRecord> {
      const [row] = await tx
        .insert(verifactuRecords)
        .values({ ...record, position: (previous?.position ?? 0) + 1 })
        .returning();
      await tx
        .insert(verifactuChains)
        .values({ issuerNif: record.issuerNif, lastRecordId: row!.id })
        .onConflictDoUpdate({ target: verifactuChains.issuerNif, set: { lastRecordId: row!.id } });
      return row!;
    },

    /** Every record, by issuer and in chain order (the verification and the records' XML read this). */
    async chain(tx: Db = db): Promise<StoredRecord[]> {
      return tx
        .select()
        .from(verifactuRecords)
        .orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.position));
    },

    async lastRecord(tx: Db = db): Promise<StoredRecord | undefined> {
      const [row] = await tx.select().from(verifactuRecords).orderBy(desc(verifactuRecords.id)).limit(1);
      return row;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
