import { AUDIT_ROLE_LABELS, type AuditEntryView } from '../../../common/schemas/audit';
import { esDateFormat } from '../../../common/time';
import { cell } from '../csv';

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
  const date = esDateFormat({ timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = esDateFormat({ timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return entries
    .map((entry) =>
      line([
        date.format(new Date(entry.at)),
        time.format(new Date(entry.at)),
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
