/**
 * Instants (ISO strings from the API) shown in the clinic's time zone, whatever the browser's zone.
 * Every screen that shows an appointment time uses these.
 */
import { esDateFormat } from '../../common/time';

const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => esDateFormat({ timeZone, ...options });

/** «09:30» */
export const formatTime = (iso: string, timeZone: string) =>
  formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** «lunes, 23 de marzo de 2026» */
export const formatLongDay = (iso: string, timeZone: string) =>
  formatter(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/** «lun, 23 mar» */
export const formatShortDay = (iso: string, timeZone: string) =>
  formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));

/** «23/03/2026 09:30» */
export const formatDateTimeInZone = (iso: string, timeZone: string) =>
  formatter(timeZone, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** «lunes, 23 de marzo de 2026, 09:30» */
export const formatLongDateTime = (iso: string, timeZone: string) =>
  `${formatLongDay(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

/** The wall-clock date `YYYY-MM-DD` of an instant in the zone (group slots by day with it). */
export function dayKey(iso: string | Date, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Today's wall-clock date in the zone. */
export const todayIn = (timeZone: string) => dayKey(new Date(), timeZone);

/** Adds days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T12:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** «Lunes, 23 de marzo de 2026»: only the first letter in capitals, as Spanish writes it. */
export const capitalizeFirst = (text: string) => text.charAt(0).toLocaleUpperCase('es-ES') + text.slice(1);
