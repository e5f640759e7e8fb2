import { AUDIT_ROLE_LABELS, type AuditEntryView, type AuditRole } from '../../../../common/schemas/audit';
import { esDateFormat } from '../../../../common/time';

/** «22/11/2026» in the clinic's zone. */
export const formatAuditDate = (iso: string, timeZone: string) =>
  esDateFormat({ timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

/** «09:30:05» in the clinic's zone: the log is read to the second. */
export const formatAuditTime = (iso: string, timeZone: string) =>
  esDateFormat({ timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

export const roleLabel = (role: string) => AUDIT_ROLE_LABELS[role as AuditRole] ?? (role || 'Sin rol');

/** Mantine colour of each role's badge. */
export const ROLE_COLORS: Record<AuditRole, string> = { admin: 'grape', doctor: 'blue', paciente: 'teal', visitor: 'gray' };

/** Who acted, as a person reads it. */
export function actorLabel(entry: Pick<AuditEntryView, 'actorId' | 'actorName' | 'actorEmail'>): string {
  if (!entry.actorId) return 'Visitante sin cuenta';
  return entry.actorName || entry.actorEmail || 'Usuario desconocido';
}

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

/** «1 entrada», «1.234 entradas», «más de 10.000 entradas». */
export function formatEntryCount(total: number, capped: boolean): string {
  if (capped) return `más de ${count.format(total)} entradas`;
  return total === 1 ? '1 entrada' : `${count.format(total)} entradas`;
}
