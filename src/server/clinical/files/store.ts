import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { patientFileChunks } from '../../platform';

/**
 * The contents of the clinic's files; the metadata is in `patient_files`. One implementation today (the
 * database, measured in docs/performance-history.md); another (disk, object storage) would plug in here.
 */
export interface FileStore {
  /** Keeps the contents of file `id`, written in `tx` so they commit with the row and its audit entry. */
  save(id: string, content: Buffer, tx: Tx): Promise<void>;
  /** The contents as a stream, read piece by piece. */
  open(id: string): Readable;
  /** The whole contents, read in `tx` (a data export reads inside its audited transaction). */
  read(id: string, tx: Db): Promise<Buffer>;
  /** Removes the contents of a deleted file. */
  remove(id: string, tx: Tx): Promise<void>;
}

/** Pieces of the database store: small enough that serving a file never holds more than one in memory. */
export const CHUNK_BYTES = 1024 * 1024;

/** Contents as 1 MB `bytea` rows: every instance sees them and one backup holds them. */
export function databaseFileStore(db: Db): FileStore {
  return {
    async save(id, content, tx) {
      for (let seq = 0; seq * CHUNK_BYTES < content.length || seq === 0; seq++) {
        await tx
          .insert(patientFileChunks)
          .values({ fileId: id, seq, data: content.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) });
      }
    },
    open(id) {
      async function* chunks() {
        let seq = -1;
        for (;;) {
          const [row] = await db
            .select({ seq: patientFileChunks.seq, data: patientFileChunks.data })
            .from(patientFileChunks)
            .where(and(eq(patientFileChunks.fileId, id), gt(patientFileChunks.seq, seq)))
            .orderBy(asc(patientFileChunks.seq))
            .limit(1);
          if (!row) return;
          seq = row.seq;
          yield row.data;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async read(id, tx) {
      const rows = await tx
        .select({ data: patientFileChunks.data })
        .from(patientFileChunks)
        .where(eq(patientFileChunks.fileId, id))
        .orderBy(asc(patientFileChunks.seq));
      return Buffer.concat(rows.map((row) => row.data));
    },
    async remove(id, tx) {
      await tx.delete(patientFileChunks).where(eq(patientFileChunks.fileId, id));
    },
  };
}
