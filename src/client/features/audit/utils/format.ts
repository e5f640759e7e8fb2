import { AUDIT_ROLE_LABELS, type AuditEntryView, type AuditRole } from '../../../../common/schemas/audit';
export const roleLabel = (role: string) => AUDIT_ROLE_LABELS[role as AuditRole] ?? (role || 'Sin rol');

/** Mantine colour of each role's badge. */
export const ROLE_COLORS: Record<AuditRole, string> = {
  admin: 'grape',
  doctor: 'blue',
  paciente: 'teal',
  visitor: 'gray',
};

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
