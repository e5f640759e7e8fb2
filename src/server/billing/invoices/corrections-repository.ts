import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import { invoiceCorrections, invoices, verifactuRecords, verifactuSubmissions } from '../../platform';

/** The invoice's data as last corrected (the recipient and description a correction gave it), or undefined. */
export async function latestCorrectionOf(tx: Db, invoiceId: string) {
  const [row] = await tx
    .select()
    .from(invoiceCorrections)
    .where(eq(invoiceCorrections.invoiceId, invoiceId))
    .orderBy(desc(invoiceCorrections.id))
    .limit(1);
  return row;
}

/** An invoice as it reads now: its recipient and description as the last correction left them. */
export function asCorrected<T extends { recipient: unknown; description: string }>(
  invoice: T,
  correction: { recipient: T['recipient']; description: string } | undefined,
): T {
  return correction ? { ...invoice, recipient: correction.recipient, description: correction.description } : invoice;
}

/** SQL: the recipient's NIF as last corrected, else as issued (the accountant's list). */
export const correctedRecipientTaxId = sql<string | null>`COALESCE(
  (SELECT c.recipient ->> 'taxId' FROM ${invoiceCorrections} c WHERE c.invoice_id = ${invoices.id}
    ORDER BY c.id DESC LIMIT 1),
  ${invoices.recipient} ->> 'taxId')`;

/** The recipient's name as last corrected, else as issued. */
export const correctedRecipientName = sql<string | null>`COALESCE(
  (SELECT c.recipient ->> 'name' FROM ${invoiceCorrections} c WHERE c.invoice_id = ${invoices.id}
    ORDER BY c.id DESC LIMIT 1),
  ${invoices.recipient} ->> 'name')`;

/**
 * The SQL of corrections (migration 0043): the record waiting to be corrected, what the AEAT holds of its invoice,
 * and the invoice's corrected data, each version a row of its own.
 */
export function createInvoiceCorrectionsRepository(db: Db) {
  const correctable = (recordId: number) =>
    and(
      eq(verifactuRecords.id, recordId),
      eq(verifactuRecords.kind, 'alta'),
      inArray(verifactuSubmissions.status, ['rechazado', 'aceptado_con_errores']),
      eq(verifactuSubmissions.fault, false),
    );
  const columns = {
    record: verifactuRecords,
    status: verifactuSubmissions.status,
    errorCode: verifactuSubmissions.lastErrorCode,
    errorDescription: verifactuSubmissions.lastErrorDescription,
    correctedBy: verifactuSubmissions.correctedBy,
    invoice: {
      id: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      type: invoices.type,
      totalCents: invoices.totalCents,
      recipient: invoices.recipient,
    },
  };

  return {
    /**
     * A registro de alta the AEAT answered «Incorrecto» or «AceptadoConErrores» (by a line of its answer, not a
     * Fault), with its invoice; undefined for any other record.
     */
    async findCorrectable(recordId: number, tx: Db = db) {
      const [row] = await tx
        .select(columns)
        .from(verifactuRecords)
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
        .where(correctable(recordId));
      return row;
    },

    /** The same, its send state locked for this transaction: two desks never both correct it. */
    async lockCorrectable(recordId: number, tx: Tx) {
      const [row] = await tx
        .select(columns)
        .from(verifactuRecords)
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
        .where(correctable(recordId))
        .for('update', { of: verifactuSubmissions });
      return row;
    },

    /** The send state of each registro de alta of an invoice, in the order they were generated. */
    async altaStates(invoiceId: string, tx: Db = db) {
      return tx
        .select({ id: verifactuRecords.id, status: verifactuSubmissions.status })
        .from(verifactuRecords)
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .where(and(eq(verifactuRecords.invoiceId, invoiceId), eq(verifactuRecords.kind, 'alta')))
        .orderBy(asc(verifactuRecords.id));
    },

    async insert(row: typeof invoiceCorrections.$inferInsert, tx: Tx): Promise<void> {
      await tx.insert(invoiceCorrections).values(row);
    },

    /** The invoice's data as last corrected, or undefined when it never was. */
    latest: (invoiceId: string, tx: Db = db) => latestCorrectionOf(tx, invoiceId),
  };
}

export type InvoiceCorrectionsRepository = ReturnType<typeof createInvoiceCorrectionsRepository>;
