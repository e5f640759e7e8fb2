import { create as plainDateTime, toZonedDateTime } from 'temporal-polyfill/fns/PlainDateTime';
import { addDays } from '../../../lib/clinic-time';

/**
 * The instant (ISO, UTC) of a wall-clock date and time in `timeZone`: «2026-03-23» «09:30» in
 * Europe/Madrid → «2026-03-23T08:30:00.000Z». A time inside the spring-forward gap moves forward, as
 * clocks do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const zoned = toZonedDateTime(plainDateTime(year, month, day, hour, minute), timeZone, {
    disambiguation: 'compatible',
  });
  return new Date(zoned.epochMilliseconds).toISOString();
}

/** ISO weekday of a date «AAAA-MM-DD»: 1 = lunes … 7 = domingo. */
export function isoWeekday(date: string): number {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the week of `date`. */
export const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** Adds minutes to an instant. */
export const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Whole minutes between two instants. */
export const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
