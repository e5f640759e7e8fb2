import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../../../common/identity-document';
import {
  formatCalendarDate,
  formatLongDateTime,
  formatShortCalendarDate,
  monthsBetween,
  todayIn,
  yearsBetween,
} from '../../../lib/dates';

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

/** «2 de mayo de 1980» */
export const formatBirthDate = formatCalendarDate;
/** «02/05/1980» */
export const formatShortDate = formatShortCalendarDate;

/** «45 años», «1 año», «8 meses» for babies, on the clinic's today. */
export function formatAge(birthDate: string, timeZone: string): string {
  const today = todayIn(timeZone);
  const years = yearsBetween(birthDate, today);
  if (years >= 1) return years === 1 ? '1 año' : `${years} años`;
  const months = monthsBetween(birthDate, today);
  return months === 1 ? '1 mes' : `${months} meses`;
}

/** «DNI 12345678Z», or null when the patient has none. */
export function formatDocument(type: DocumentType | null, number: string | null): string | null {
  if (!type || !number) return null;
  return `${DOCUMENT_TYPE_LABELS[type]} ${number}`;
}

/** «1.234 pacientes», «1 paciente»; «Más de 10.000 pacientes» when the server stopped counting. */
export const formatPatientCount = (total: number, capped = false) =>
  capped
    ? `Más de ${count.format(total)} pacientes`
    : `${count.format(total)} ${total === 1 ? 'paciente' : 'pacientes'}`;

/** «García López, Ana» — how lists sort and show patients. */
export const listName = (patient: { firstName: string; lastName: string }) =>
  patient.lastName ? `${patient.lastName}, ${patient.firstName}` : patient.firstName;

/** «Ana García López» */
export const fullName = (patient: { firstName: string; lastName: string }) =>
  `${patient.firstName} ${patient.lastName}`.trim();

/** «3 de mayo de 2025, 10:30» in the clinic's zone. */
export const formatInstant = formatLongDateTime;
