import { describeAuditEntry, type AuditEntryView } from '../../../common/schemas/audit';
import type { AuditEntryRow } from './repository';

/** An entry as the audit screen and the CSV show it: names instead of ids, what was done in Spanish. */
export function presentAuditEntry(row: AuditEntryRow): AuditEntryView {
  const patientName =
    row.patientFirstName === null ? null : `${row.patientFirstName} ${row.patientLastName ?? ''}`.trim();
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName || null,
    actorEmail: row.actorEmail,
    // Entries written before roles were recorded for visitors have none.
    actorRole: row.actorRole ?? (row.actorId ? '' : 'visitor'),
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    patientId: row.patientId,
    patientName,
    ip: row.ip,
    description: describeAuditEntry(row),
  };
}
