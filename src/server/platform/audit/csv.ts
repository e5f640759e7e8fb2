import { AUDIT_ROLE_LABELS, type AuditEntryView } from '../../../common/schemas/audit';
import { cell } from '../csv';
import { formatNumericDate, formatTimeWithSeconds } from '../dates';

const HEADER = [
  'Fecha',
  'Hora',
  'Usuario',
  'Correo del usuario',
  'Rol',
  'Acción',
  'Paciente',
  'Id. del paciente',
  'Id. del dato',
  'Dirección IP',
];

const line = (values: string[]) => `${values.map(cell).join(';')}\r\n`;

/** The first chunk of the audit CSV (Spanish spreadsheets: `;`, UTF-8 with BOM). */
export const auditCsvHeader = () => `\uFEFF${line(HEADER)}`;

/** Rows of the audit CSV, with dates and times in the clinic's zone. */
export function auditCsvRows(entries: AuditEntryView[], timeZone: string): string {
  return entries
    .map((entry) =>
      line([
        formatNumericDate(entry.at, timeZone),
        formatTimeWithSeconds(entry.at, timeZone),
        entry.actorName ?? (entry.actorId ? '' : 'Visitante'),
        entry.actorEmail ?? '',
        AUDIT_ROLE_LABELS[entry.actorRole as keyof typeof AUDIT_ROLE_LABELS] ?? entry.actorRole,
        entry.description,
        entry.patientName ?? '',
        entry.patientId ?? '',
        entry.entityId ?? '',
        entry.ip ?? '',
      ]),
    )
    .join('');
}
