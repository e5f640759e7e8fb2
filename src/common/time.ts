import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateFns from 'temporal-polyfill/fns/PlainDate';
import * as ZonedFns from 'temporal-polyfill/fns/ZonedDateTime';

/** "HH:MM" (24 h) ⇄ minutes after midnight. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function timeToMinutes(time: string): number {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new Error(`invalid time ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** ISO weekdays: 1 = lunes … 7 = domingo. */
export const WEEKDAY_NAMES: Record<number, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone }).format(0);
    return timeZone.includes('/') || timeZone === 'UTC';
  } catch {
    return false;
  }
}

// In a module of its own, without Temporal: a page that only writes dates takes it alone (lib/calendar-dates.ts).
export { esDateFormat } from './date-format';

/**
 * The wall-clock date `YYYY-MM-DD` of an instant (a `Date`, an ISO string or milliseconds since the epoch) in a
 * time zone: the one answer the server, the shared rules and the client give to «which day is it there».
 */
export function dateInZone(instant: Date | string | number, timeZone: string): string {
  const ms =
    typeof instant === 'number'
      ? instant
      : typeof instant === 'string'
        ? InstantFns.fromString(instant).epochMilliseconds
        : instant.getTime();
  const zoned = InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(ms), timeZone);
  return PlainDateFns.toString(ZonedFns.toPlainDate(zoned));
}
