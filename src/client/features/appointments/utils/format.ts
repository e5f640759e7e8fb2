import { esDateFormat } from '../../../../common/time';
import { formatLongDay, formatShortDay, formatTime } from '../../../lib/clinic-time';

/** «Lunes, 23 de marzo de 2026» */
export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** A clinic-zone day «AAAA-MM-DD» as «lunes, 23 de marzo de 2026» (noon UTC: the same date in every zone we serve). */
export const formatDay = (date: string, timeZone: string) => formatLongDay(`${date.slice(0, 10)}T12:00:00Z`, timeZone);

/** «lun, 23 mar» for a clinic-zone day. */
export const formatShortDate = (date: string, timeZone: string) =>
  formatShortDay(`${date.slice(0, 10)}T12:00:00Z`, timeZone);

/** «09:30–10:00» */
export const formatTimeRange = (startsAt: string, endsAt: string, timeZone: string) =>
  `${formatTime(startsAt, timeZone)}–${formatTime(endsAt, timeZone)}`;

/** «mié, 25 nov 2026» in the clinic's time zone: a date in a list that spans years. */
export function formatListDate(iso: string, timeZone: string): string {
  return esDateFormat({ timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}
