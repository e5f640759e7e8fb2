import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../../../common/identity-document';

/** A calendar date «AAAA-MM-DD» as a UTC instant, so that formatting never moves it to another day. */
const utcDate = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

/** «2 de mayo de 1980» */
export const formatBirthDate = (date: string) => longDate.format(utcDate(date));
/** «02/05/1980» */
export const formatShortDate = (date: string) => shortDate.format(utcDate(date));

/** Whole years from `birthDate` («AAAA-MM-DD») to `today` (same form, by default today here). */
export function ageOn(birthDate: string, today = localToday()): number {
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** «45 años», «1 año», «8 meses» for babies. */
export function formatAge(birthDate: string): string {
  const years = ageOn(birthDate);
  if (years >= 1) return years === 1 ? '1 año' : `${years} años`;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const now = new Date();
  const months = Math.max(0, (now.getFullYear() - by) * 12 + now.getMonth() + 1 - bm - (now.getDate() < bd ? 1 : 0));
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

const dateTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' });
/** «3 de mayo de 2025, 10:30» */
export const formatInstant = (instant: string) => dateTime.format(new Date(instant));
