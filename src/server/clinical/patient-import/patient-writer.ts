import type { Tx } from '../../platform';
import { clock } from '../../platform';
import { writeAuditEntries, type AuditEntry } from '../../platform';
import type { PlannedRow } from './plan';
import type { ImportRowRecord, PatientFields, PatientImportRepository } from './repository';
import type { RecordField } from './rows';

/** Text fields an update adds to instead of replacing: the clinic's own notes are never lost. */
const APPENDED: RecordField[] = ['allergies', 'medicalHistory', 'notes'];

export type ImportActor = NonNullable<AuditEntry['actor']>;

/**
 * Writes one chunk of a patient import in `tx`: the records created (their ids chosen by the plan) and updated
 * (the values replaced kept for the undo), each with its audit entry («Importación», its row), what was done with
 * every row, and the progress. `failed` names records whose creation was refused, for the rows updating them.
 */
export async function writePatientChunk(
  repo: PatientImportRepository,
  importId: string,
  chunk: PlannedRow[],
  actor: ImportActor,
  failed: Map<string, number>,
  tx: Tx,
): Promise<void> {
  const writtenAt = clock.now();
  const records: ImportRowRecord[] = [];
  const audit: AuditEntry[] = [];
  const counts = { created: 0, updated: 0, skipped: 0, errors: 0 };
  const error = (planned: PlannedRow, reason: string) => {
    records.push({ importId, line: planned.line, action: 'error', code: planned.code, reason });
    counts.errors++;
  };

  const creates = chunk.filter((planned) => planned.action === 'create');
  await repo.insertPatients(
    creates.map((planned) => ({
      ...planned.values,
      id: planned.patientId!,
      createdBy: actor.id,
      createdAt: writtenAt,
      updatedAt: writtenAt,
    })),
    tx,
  );
  const targets = [...new Set(chunk.filter((p) => p.action === 'update').map((p) => p.patientId!))];
  const current = new Map(
    (await repo.lockPatients(targets, tx)).map(({ patient, updatedAtText }) => [
      patient.id,
      { fields: patient as PatientFields, updatedAt: updatedAtText },
    ]),
  );
  for (const planned of chunk) {
    if (planned.action === 'error') {
      error(planned, planned.reason);
      continue;
    }
    if (planned.action === 'skip') {
      records.push({
        importId,
        line: planned.line,
        action: 'skip',
        patientId: planned.patientId,
        code: planned.code,
      });
      counts.skipped++;
      continue;
    }
    if (planned.action === 'create') {
      records.push({
        importId,
        line: planned.line,
        action: 'create',
        patientId: planned.patientId,
        code: planned.code,
        writtenAt,
      });
      audit.push(auditOf(planned, 'create'));
      counts.created++;
      continue;
    }
    const target = current.get(planned.patientId!);
    if (!target) {
      const createdAt = failed.get(planned.patientId!);
      error(
        planned,
        createdAt
          ? `La ficha que actualizaba (la de la fila ${createdAt}) no se pudo crear`
          : 'La ficha que iba a actualizar ya no existe',
      );
      continue;
    }
    const changes: Partial<PatientFields> = {};
    const previous: Record<string, unknown> = {};
    for (const field of planned.given) {
      const before = target.fields[field];
      let after = planned.values[field];
      if (APPENDED.includes(field) && typeof before === 'string' && before.trim() !== '') {
        if (before.includes(String(after))) continue;
        after = `${before}\n${after}`;
      }
      if (before === after) continue;
      (changes as Record<string, unknown>)[field] = after;
      previous[field] = before;
    }
    records.push({
      importId,
      line: planned.line,
      action: 'update',
      patientId: planned.patientId,
      code: planned.code,
      previous: { fields: previous, updatedAt: target.updatedAt },
      writtenAt,
    });
    await repo.updatePatient(planned.patientId!, target.fields, changes, writtenAt, tx);
    target.fields = { ...target.fields, ...changes };
    target.updatedAt = writtenAt.toISOString();
    audit.push(auditOf(planned, 'update', Object.keys(changes)));
    counts.updated++;
  }
  await repo.insertRows(records, tx);
  await writeAuditEntries(tx, audit);
  await repo.advance(importId, chunk[chunk.length - 1]!.line, counts, clock.now(), tx);

  function auditOf(planned: PlannedRow, kind: 'create' | 'update', fields?: string[]): AuditEntry {
    return {
      actor,
      action: 'import',
      entity: 'patient',
      entityId: planned.patientId!,
      patientId: planned.patientId!,
      details: { importId, line: planned.line, ...(kind === 'update' ? { fields } : {}) },
    };
  }
}
