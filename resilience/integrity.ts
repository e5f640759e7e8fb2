/**
 * Checks on the stored data after a crash or a load: nothing half-written. Plain SQL, the same on PGlite
 * and PostgreSQL; `query` runs one statement and answers its rows.
 */
export type Query = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

const CHUNK_BYTES = 1024 * 1024;

export interface Integrity {
  /** Files (not deleted) whose stored pieces do not add up to their size, or are not numbered 0…n-1. */
  brokenFiles: number;
  /** Pieces of contents with no file row. */
  orphanChunks: number;
  /** Messages whose conversation does not exist. */
  orphanMessages: number;
  /** Conversations marked as having messages but with none. */
  emptyConversations: number;
  /** Appointments of one doctor that overlap (not cancelled). */
  overlaps: number;
}

export async function checkIntegrity(query: Query): Promise<Integrity> {
  const one = async (text: string) => Number((await query<{ n: number | string }>(text))[0]!.n);
  return {
    brokenFiles: await one(`
      SELECT count(*) AS n FROM patient_files f
      LEFT JOIN (SELECT file_id, count(*) AS pieces, sum(octet_length(data)) AS bytes, max(seq) AS last
                 FROM patient_file_chunks GROUP BY file_id) c ON c.file_id = f.id
      WHERE f.deleted_at IS NULL AND (c.file_id IS NULL OR c.bytes <> f.size OR c.last <> c.pieces - 1
         OR c.pieces <> greatest(1, ceil(f.size::numeric / ${CHUNK_BYTES})))`),
    orphanChunks: await one(
      `SELECT count(*) AS n FROM patient_file_chunks c WHERE NOT EXISTS (SELECT 1 FROM patient_files f WHERE f.id = c.file_id)`,
    ),
    orphanMessages: await one(
      `SELECT count(*) AS n FROM messages m WHERE NOT EXISTS (SELECT 1 FROM conversations c WHERE c.id = m.conversation_id)`,
    ),
    emptyConversations: await one(
      `SELECT count(*) AS n FROM conversations c WHERE c.last_message_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)`,
    ),
    overlaps: await one(`
      SELECT count(*) AS n FROM appointments a JOIN appointments b
        ON a.doctor_id = b.doctor_id AND a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
      WHERE a.status <> 'cancelada' AND b.status <> 'cancelada'`),
  };
}

export const CLEAN: Integrity = {
  brokenFiles: 0,
  orphanChunks: 0,
  orphanMessages: 0,
  emptyConversations: 0,
  overlaps: 0,
};
