/**
 * Calendar dates «AAAA-MM-DD» (no zone: the same day wherever the browser is) written in Spanish: part of the
 * client's one date module (`./dates.ts`, which exports them all), kept apart because it needs no Temporal — a page
 * that only shows such dates (a quote's validity, a payment link's expiry; opened on a phone from a message) takes
 * this and not Temporal's parser.
 */
import { esDateFormat } from '../../common/date-format';

/** Year, month (1–12) and day of a calendar date «AAAA-MM-DD». */
export const splitDate = (date: string) => date.slice(0, 10).split('-').map(Number) as [number, number, number];

const HOUR_MS = 3_600_000;
/** A calendar date is formatted at its noon in UTC, in UTC: the same day whatever the browser's zone. */
function calendarMs(date: string): number {
  const [year, month, day] = splitDate(date);
  const midnight = new Date(0);
  // setUTCFullYear, not Date.UTC: years before 100 stay themselves.
  midnight.setUTCFullYear(year, month - 1, day);
  return midnight.getTime() + 12 * HOUR_MS;
}
const inUtc = (options: Intl.DateTimeFormatOptions) => esDateFormat({ timeZone: 'UTC', ...options });
const formatCalendar = (date: string, options: Intl.DateTimeFormatOptions) => inUtc(options).format(calendarMs(date));

/** «10 de marzo de 2026» */
export const formatCalendarDate = (date: string) =>
  formatCalendar(date, { day: 'numeric', month: 'long', year: 'numeric' });

/** «10/03/2026» */
export const formatShortCalendarDate = (date: string) =>
  formatCalendar(date, { day: '2-digit', month: '2-digit', year: 'numeric' });

/** «5 mar 2026» */
export const formatMediumCalendarDate = (date: string) =>
  formatCalendar(date, { day: 'numeric', month: 'short', year: 'numeric' });

/** «lunes, 23 de marzo de 2026» */
export const formatCalendarDay = (date: string) =>
  formatCalendar(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** «lunes, 23 de marzo» */
export const formatCalendarWeekdayAndDay = (date: string) =>
  formatCalendar(date, { weekday: 'long', day: 'numeric', month: 'long' });

/** «lun, 23 mar» */
export const formatShortCalendarDay = (date: string) =>
  formatCalendar(date, { weekday: 'short', day: 'numeric', month: 'short' });

/** «3 de agosto de 2026», or «3–14 de agosto de 2026» for a range. */
export function formatCalendarRange(start: string, end: string): string {
  const format = inUtc({ day: 'numeric', month: 'long', year: 'numeric' });
  return start.slice(0, 10) === end.slice(0, 10)
    ? format.format(calendarMs(start))
    : format.formatRange(calendarMs(start), calendarMs(end));
}

/** The named parts («lun», «23», «mar», «2026») of a calendar date written with `options`. */
export const calendarDateParts = (date: string, options: Intl.DateTimeFormatOptions) =>
  inUtc(options).formatToParts(calendarMs(date));

/** A month «AAAA-MM» in words: «enero de 2026», or «ene 26» short (a chart's axis). */
export const formatMonth = (month: string, style: 'long' | 'short' = 'long') =>
  formatCalendar(
    `${month}-01`,
    style === 'long' ? { month: 'long', year: 'numeric' } : { month: 'short', year: '2-digit' },
  );

/** «octubre de 2026» of a month «AAAA-MM». */
export const formatCalendarMonth = (month: string) => formatCalendar(`${month}-01`, { month: 'long', year: 'numeric' });
