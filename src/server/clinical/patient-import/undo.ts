import type { Db } from '../../platform';
import { transact, type Tx } from '../../platform';
import { clock, toInstant } from '../../platform';
import { writeAuditEntries, type AuditEntry } from '../../platform';
import type { createFilesRepository } from '../files/repository';
import { databaseFileStore } from '../files/store';
import type { PatientFields, PatientImportRepository, PatientImportSummary } from './repository';

type FilesRepository = ReturnType<typeof createFilesRepository>;
type UndoRow = Awaited<ReturnType<PatientImportRepository['rowsToUndo']>>[number];

/**
 * Undoes a whole import, last row first, 500 rows a transaction: records it created are deleted and those it
 * updated get their values back, appointments it booked are cancelled — except what was touched since, which is
 * kept and counted. Each row undone is audited. Answers false when `signal` stopped it between two chunks.
 */
export async function runUndo(
  db: Db,
  repo: PatientImportRepository,
  files: FilesRepository,
  row: PatientImportSummary,
  signal?: AbortSignal,
): Promise<boolean> {
  const actor = { id: row.undoneBy ?? row.createdBy, role: 'admin' as const };
  let before = 2_147_483_647;
  for (;;) {
    if (signal?.aborted) return false;
    const rows = await repo.rowsToUndo(row.id, before, 500);
    if (rows.length === 0) break;
    before = rows[rows.length - 1]!.line;
    await transact(db, async (tx) => {
      const undone = new Set<number>();
      const kept: number[] = [];
      const audit: AuditEntry[] = [];
      if (row.target === 'documents') {
        await removeDocuments(db, files, rows, actor.id, tx);
        for (const r of rows) undone.add(r.line);
      } else if (row.target === 'appointments') {
        const cancelled = await repo.cancelUntouched(
          row.id,
          rows.map((r) => r.line),
          actor.id,
          clock.now(),
          tx,
        );
        for (const r of rows) {
          if (cancelled.has(r.appointmentId!)) undone.add(r.line);
          else kept.push(r.line);
        }
      } else await undoPatients(repo, row.id, rows, undone, kept, tx);
      for (const r of rows) {
        if (!undone.has(r.line)) continue;
        audit.push({
          actor,
          action: 'undo',
          entity: ENTITY_OF[row.target],
          entityId: (r.fileId ?? r.appointmentId ?? r.patientId)!,
          patientId: r.patientId!,
          details: { via: 'import', importId: row.id, line: r.line },
        });
      }
      await repo.markUndo(row.id, [...undone], 'undone', tx);
      await repo.markUndo(row.id, kept, 'kept', tx);
      await writeAuditEntries(tx, audit);
      await repo.addKept(row.id, kept.length, clock.now(), tx);
    });
  }
  await transact(db, (tx) => repo.finishUndo(row.id, clock.now(), tx));
  return true;
}

const ENTITY_OF = { patients: 'patient', appointments: 'appointment', documents: 'file' } as const;

/**
 * Removes the documents these rows filed, as «Eliminar» does (marked deleted, contents gone). One the desk deleted
 * since is already gone: nothing of it is left to keep.
 */
async function removeDocuments(db: Db, files: FilesRepository, rows: UndoRow[], actorId: string, tx: Tx) {
  const live = await files.liveIds(
    rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
    tx,
  );
  const store = databaseFileStore(db);
  for (const id of live) {
    await files.markDeleted(id, actorId, clock.now(), tx);
    await store.remove(id, tx);
  }
}

/** Puts back the records a patient import updated and deletes those it created, but what was touched since. */
async function undoPatients(
  repo: PatientImportRepository,
  importId: string,
  rows: UndoRow[],
  undone: Set<number>,
  kept: number[],
  tx: Tx,
): Promise<void> {
  const updates = rows.filter((r) => r.action === 'update');
  const locked = new Map(
    (await repo.lockPatients([...new Set(updates.map((r) => r.patientId!))], tx)).map(({ patient }) => [
      patient.id,
      patient,
    ]),
  );
  // Last written first: a row that updated a record created earlier in the file is put back before
  // that record's creation is undone.
  for (const update of updates) {
    const patient = locked.get(update.patientId!);
    if (!patient || patient.updatedAt.getTime() !== update.writtenAt?.getTime()) {
      kept.push(update.line);
      continue;
    }
    const previous = update.previous as { fields: Partial<PatientFields>; updatedAt: string };
    await repo.updatePatient(patient.id, patient as PatientFields, previous.fields, previous.updatedAt, tx);
    locked.set(patient.id, { ...patient, ...previous.fields, updatedAt: toInstant(previous.updatedAt) });
    undone.add(update.line);
  }
  const creates = rows.filter((r) => r.action === 'create');
  const deleted = await repo.deleteUntouched(
    importId,
    creates.map((r) => r.line),
    tx,
  );
  for (const create of creates) {
    if (deleted.has(create.patientId!)) undone.add(create.line);
    else kept.push(create.line);
  }
}
