import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import {
  verifactuChains,
  verifactuOutages,
  verifactuRecords,
  verifactuSendWindows,
  verifactuSubmissions,
  toInstant,
} from '../../platform';
import type { Tx } from '../../platform';

export type StoredRecord = typeof verifactuRecords.$inferSelect;

/** A record as `verifactu_take_chain` answers it: the table's columns by their SQL names. */
interface StoredRecordRow {
  id: number | string;
  issuer_nif: string;
  position: number;
  kind: StoredRecord['kind'];
  invoice_id: string;
  record: unknown;
  huella: string;
  created_at: Date | string;
  mode: BillingMode;
}

const storedRecordOf = (row: StoredRecordRow): StoredRecord => ({
  id: Number(row.id),
  issuerNif: row.issuer_nif,
  position: Number(row.position),
  kind: row.kind,
  invoiceId: row.invoice_id,
  record: typeof row.record === 'string' ? JSON.parse(row.record) : row.record,
  huella: row.huella,
  createdAt: toInstant(row.created_at),
  mode: row.mode,
});

/**
 * The VERI*FACTU ledger: each issuer's chain of records (altas and anulaciones), appended under the chain's lock
 * and never changed (the database refuses it: migration 0026). The invoices themselves are `./repository.ts`.
 */
export function createVerifactuRecordsRepository(db: Db) {
  return {
    /**
     * Takes the issuer's chain of `mode` for this transaction and answers its last record (none for the first), in
     * one round trip: `verifactu_take_chain` (migrations 0031, 0040) locks, then reads what the previous holder
     * committed. Pruebas and producción are two chains: producción starts from PrimerRegistro.
     */
    async lockChain(issuerNif: string, mode: BillingMode, tx: Tx): Promise<StoredRecord | undefined> {
      const result = await tx.execute(sql`SELECT * FROM verifactu_take_chain(${issuerNif}, ${mode})`);
      const [row] = (result as unknown as { rows: StoredRecordRow[] }).rows;
      return row && storedRecordOf(row);
    },

    /**
     * Adds a record at the end of its issuer's chain (the caller holds the chain: `lockChain`), moves the chain's end
     * to it and gives it its send state (migration 0028: due at once, for billing/submissions/sender.ts; flagged
     * `incident` while an outage of its chain is open, migration 0040) — in one statement, as every issue of every
     * series waits for the chain while this runs (docs/performance-history.md «Billing»).
     */
    async appendRecord(
      record: Pick<StoredRecord, 'issuerNif' | 'mode' | 'kind' | 'invoiceId' | 'record' | 'huella'>,
      previous: StoredRecord | undefined,
      tx: Tx,
    ): Promise<StoredRecord> {
      const position = (previous?.position ?? 0) + 1;
      const result = await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO ${verifactuRecords} (issuer_nif, mode, position, kind, invoice_id, record, huella)
          VALUES (${record.issuerNif}, ${record.mode}, ${position}, ${record.kind}, ${record.invoiceId},
                  ${JSON.stringify(record.record)}::jsonb, ${record.huella})
          RETURNING id, created_at
        ), chain_end AS (
          INSERT INTO ${verifactuChains} (issuer_nif, mode, last_record_id)
          SELECT ${record.issuerNif}, ${record.mode}, id FROM inserted
          ON CONFLICT (issuer_nif, mode) DO UPDATE SET last_record_id = excluded.last_record_id
        ), send_state AS (
          INSERT INTO ${verifactuSubmissions} (record_id, issuer_nif, mode, next_attempt_at, incident)
          SELECT id, ${record.issuerNif}, ${record.mode}, 'epoch'::timestamptz,
                 EXISTS (SELECT 1 FROM ${verifactuOutages} o WHERE o.issuer_nif = ${record.issuerNif}
                            AND o.mode = ${record.mode} AND o.ended_at IS NULL)
            FROM inserted
        ), send_window AS (
          INSERT INTO ${verifactuSendWindows} (issuer_nif, mode, not_before)
          VALUES (${record.issuerNif}, ${record.mode}, 'epoch'::timestamptz)
          ON CONFLICT (issuer_nif, mode) DO NOTHING
        )
        SELECT id, created_at FROM inserted`);
      const [row] = (result as unknown as { rows: { id: number | string; created_at: Date | string }[] }).rows;
      return { ...record, id: Number(row!.id), position, createdAt: toInstant(row!.created_at) };
    },

    /** Every record, by issuer and mode and in chain order (the verification and the records' XML read this). */
    async chain(tx: Db = db): Promise<StoredRecord[]> {
      return tx
        .select()
        .from(verifactuRecords)
        .orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.mode), asc(verifactuRecords.position));
    },

    /** One chain's records in order, `limit` from `offset` (the records' XML pages through them). */
    async chainOf(
      issuerNif: string,
      mode: BillingMode,
      offset: number,
      limit: number,
      tx: Db = db,
    ): Promise<StoredRecord[]> {
      return tx
        .select()
        .from(verifactuRecords)
        .where(and(eq(verifactuRecords.issuerNif, issuerNif), eq(verifactuRecords.mode, mode)))
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

export type VerifactuRecordsRepository = ReturnType<typeof createVerifactuRecordsRepository>;
