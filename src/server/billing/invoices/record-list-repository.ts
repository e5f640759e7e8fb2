import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform';
import { invoices, verifactuRecords, verifactuSubmissions } from '../../platform';

/** The VERI*FACTU records as the desk reads them (issue 35, item 5): each with its invoice and its send state. */
export function createVerifactuRecordListRepository(db: Db) {
  return {
    async count(tx: Db = db): Promise<number> {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(verifactuRecords);
      return Number(row?.count ?? 0);
    },

    /** `limit` records from `offset`, the newest first, each with its invoice's number and how its sending stands. */
    async page(offset: number, limit: number, tx: Db = db) {
      const corrector = alias(verifactuRecords, 'corrector');
      return tx
        .select({
          id: verifactuRecords.id,
          issuerNif: verifactuRecords.issuerNif,
          position: verifactuRecords.position,
          kind: verifactuRecords.kind,
          correction: sql<boolean>`(${verifactuRecords.record} -> 'correction') IS NOT NULL`,
          invoiceId: verifactuRecords.invoiceId,
          invoiceNumber: invoices.number,
          generatedAt: sql<string>`${verifactuRecords.record} ->> 'generatedAt'`,
          status: verifactuSubmissions.status,
          attempts: verifactuSubmissions.attempts,
          answeredAt: verifactuSubmissions.answeredAt,
          errorCode: verifactuSubmissions.lastErrorCode,
          errorDescription: verifactuSubmissions.lastErrorDescription,
          csv: verifactuSubmissions.csv,
          correctedBy: corrector.position,
          // Rejected or registered with errors by a line of the AEAT's answer, and not yet corrected: the desk's.
          pendingCorrection: sql<boolean>`(${verifactuRecords.kind} = 'alta'
            AND ${verifactuSubmissions.status} IN ('rechazado', 'aceptado_con_errores')
            AND NOT ${verifactuSubmissions.fault} AND ${verifactuSubmissions.correctedBy} IS NULL)`,
        })
        .from(verifactuRecords)
        .innerJoin(invoices, eq(invoices.id, verifactuRecords.invoiceId))
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .leftJoin(corrector, eq(corrector.id, verifactuSubmissions.correctedBy))
        .orderBy(desc(verifactuRecords.id))
        .offset(offset)
        .limit(limit);
    },
  };
}
