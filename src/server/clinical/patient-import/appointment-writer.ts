import { clock } from '../../platform';
import type { Tx } from '../../platform';
import { writeAuditEntries, type AuditEntry } from '../../platform';
import type { PlannedAppointment } from './appointment-plan';
import type { ImportActor } from './patient-writer';
import type { ImportRowRecord, PatientImportRepository } from './repository';
import { advancePast } from './progress';

/**
 * Writes one chunk of a file of appointments in `tx`: the appointments booked (confirmed, «presencial», no e-mail:
 * the patients were told by the previous program; the reminder goes as for any other), each with its first history
 * entry and its audit entry, what was done with every row, and the progress.
 */
export async function writeAppointmentChunk(
  repo: PatientImportRepository,
  importId: string,
  chunk: PlannedAppointment[],
  actor: ImportActor,
  tx: Tx,
): Promise<void> {
  const writtenAt = clock.now();
  const creates = chunk.filter((planned) => planned.action === 'create');
  await repo.insertAppointments(
    creates.map((planned) => ({
      id: planned.appointmentId!,
      patientId: planned.patientId!,
      doctorId: planned.doctorId!,
      startsAt: planned.startsAt!,
      endsAt: planned.endsAt!,
      reason: planned.text,
    })),
    actor.id,
    writtenAt,
    tx,
  );
  const records: ImportRowRecord[] = chunk.map((planned) => ({
    importId,
    line: planned.line,
    action: planned.action,
    patientId: planned.action === 'error' ? null : planned.patientId,
    appointmentId: planned.action === 'create' ? planned.appointmentId : null,
    code: planned.code,
    reason: planned.reason,
    writtenAt: planned.action === 'create' ? writtenAt : null,
  }));
  const audit: AuditEntry[] = creates.map((planned) => ({
    actor,
    action: 'import',
    entity: 'appointment',
    entityId: planned.appointmentId!,
    patientId: planned.patientId!,
    details: { importId, line: planned.line },
  }));
  await repo.insertRows(records, tx);
  await writeAuditEntries(tx, audit);
  await advancePast(repo, importId, chunk, tx);
}
