/**
 * The client's one date module: every date or time a screen shows is written here, in Spanish (`es-ES`),
 * and every instant in the clinic's time zone (`timeZone`, which the API gives: the clinic's public data,
 * or the answer itself), never in the browser's. "Now" comes from the client's clock (`./clock`).
 *
 * Two kinds of values:
 * - an **instant** (`Instant`): an ISO string from the API («2026-03-23T08:30:00.000Z») or milliseconds
 *   since the epoch (`now()`); shown in the clinic's zone;
 * - a **calendar date** «AAAA-MM-DD» (a birth date, a holiday, the day a screen shows): no zone at all,
 *   the same day wherever the browser is.
 *
 * Conversions and arithmetic are Temporal's (`temporal-polyfill`'s functional API, which a bundle takes
 * only in the parts it uses); the Spanish text is `Intl.DateTimeFormat`'s, each set of options built once
 * (`esDateFormat`). Nothing else in the client formats dates, reads `Date` or imports Temporal (a lint rule
 * keeps it so; dayjs only sets the language of Mantine's date pickers, `mantine-dates-locale.ts`).
 */
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateFns from 'temporal-polyfill/fns/PlainDate';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedFns from 'temporal-polyfill/fns/ZonedDateTime';
import { esDateFormat } from '../../common/time';
import { splitDate } from './calendar-dates';
import { now } from './clock';

// Calendar dates written in words need no Temporal: they are in their own module, which a page that only shows them
// (a quote's validity, a payment link's expiry) takes without this one.
export {
  calendarDateParts,
  formatCalendarDate,
  formatCalendarDay,
  formatCalendarMonth,
  formatCalendarRange,
  formatCalendarWeekdayAndDay,
  formatMediumCalendarDate,
  formatMonth,
  formatShortCalendarDate,
  formatShortCalendarDay,
} from './calendar-dates';

/** An instant: an ISO string from the API or milliseconds since the epoch. */
export type Instant = string | number;

/** Milliseconds since the epoch of an instant. */
export const epochMs = (instant: Instant): number =>
  typeof instant === 'number' ? instant : InstantFns.fromString(instant).epochMilliseconds;

/** True when `text` is an ISO instant («2026-03-23T08:30:00Z»; an address may carry anything). */
export function isInstant(text: string): boolean {
  try {
    InstantFns.fromString(text);
    return true;
  } catch {
    return false;
  }
}

/** True when the instant is before the client's "now". */
export const isPast = (instant: Instant): boolean => epochMs(instant) < now();

const inZone = (timeZone: string, options: Intl.DateTimeFormatOptions) => esDateFormat({ timeZone, ...options });
const formatIn = (instant: Instant, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  inZone(timeZone, options).format(epochMs(instant));

// ---------------------------------------------------------------- instants, in the clinic's zone

/** «09:30» */
export const formatTime = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** «09:30:05»: the audit log is read to the second. */
export const formatTimeWithSeconds = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** «lunes, 23 de marzo de 2026» */
export const formatLongDay = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** «lunes, 23 de marzo» */
export const formatWeekdayAndDay = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { weekday: 'long', day: 'numeric', month: 'long' });

/** «lunes, 09:30»: a moment of this week. */
export const formatWeekdayAndTime = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { weekday: 'long', hour: '2-digit', minute: '2-digit' });

/** «lun, 23 mar» */
export const formatShortDay = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { weekday: 'short', day: 'numeric', month: 'short' });

/** «mié, 25 nov 2026»: a date in a list that spans years. */
export const formatListDate = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** «lun, 3 nov, 9:30»: a free time offered. */
export const formatSlot = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** «22 de noviembre de 2026» */
export const formatDate = (instant: Instant, timeZone: string) => formatIn(instant, timeZone, { dateStyle: 'long' });

/** «22 nov 2026» */
export const formatMediumDate = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { dateStyle: 'medium' });

/** «22/11/2026» */
export const formatNumericDate = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' });

/** «22 nov 2026, 10:30» */
export const formatDateTime = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { dateStyle: 'medium', timeStyle: 'short' });

/** «22 de noviembre de 2026, 10:30» */
export const formatLongDateTime = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { dateStyle: 'long', timeStyle: 'short' });

/** «23/03/26, 9:30» */
export const formatShortDateTime = (instant: Instant, timeZone: string) =>
  formatIn(instant, timeZone, { dateStyle: 'short', timeStyle: 'short' });

/** «lunes, 23 de marzo de 2026, 09:30» */
export const formatLongDayAndTime = (instant: Instant, timeZone: string) =>
  `${formatLongDay(instant, timeZone)}, ${formatTime(instant, timeZone)}`;

const zoned = (instant: Instant, timeZone: string) =>
  InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(epochMs(instant)), timeZone);

/** The wall-clock date «AAAA-MM-DD» of an instant in the zone (group slots by day with it). */
export const dayKey = (instant: Instant, timeZone: string): string =>
  PlainDateFns.toString(ZonedFns.toPlainDate(zoned(instant, timeZone)));

/** Minutes since the clinic's midnight of an instant, on the clinic's wall clock. */
export function wallMinutes(instant: Instant, timeZone: string): number {
  const wallClock = zoned(instant, timeZone);
  return wallClock.hour * 60 + wallClock.minute;
}

/** Today's date «AAAA-MM-DD» in the zone, by the client's clock. */
export const todayIn = (timeZone: string) => dayKey(now(), timeZone);

/**
 * The instant (ISO, UTC) of a wall-clock date and time in `timeZone`: «2026-03-23» «09:30» in
 * Europe/Madrid → «2026-03-23T08:30:00.000Z». A time inside the spring-forward gap moves forward, as
 * clocks do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const [year, month, day] = splitDate(date);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const instant = PlainDateTimeFns.toZonedDateTime(PlainDateTimeFns.create(year, month, day, hour, minute), timeZone, {
    disambiguation: 'compatible',
  });
  return toIso(instant.epochMilliseconds);
}

/** The ISO string of an instant («2026-03-23T08:30:00.000Z»), as the API takes it. */
export const toIso = (instant: Instant): string =>
  InstantFns.toString(InstantFns.fromEpochMilliseconds(epochMs(instant)), { fractionalSecondDigits: 3 });

/** Adds minutes to an instant. */
export const addMinutes = (instant: Instant, minutes: number) => toIso(epochMs(instant) + minutes * 60_000);

/** Whole minutes between two instants. */
export const minutesBetween = (from: Instant, to: Instant) => Math.round((epochMs(to) - epochMs(from)) / 60_000);

// ---------------------------------------------------------------- calendar dates «AAAA-MM-DD»

const plainDate = (date: string) => PlainDateFns.create(...splitDate(date));

/** Adds days to a calendar date. */
export const addDays = (date: string, days: number) =>
  PlainDateFns.toString(PlainDateFns.addDays(plainDate(date), days));

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => PlainDateFns.diffDays(plainDate(from), plainDate(to));

/** ISO weekday of a calendar date: 1 = lunes … 7 = domingo. */
export const isoWeekday = (date: string) => PlainDateFns.dayOfWeek(plainDate(date));

/** The Monday of the week of `date`. */
export const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** Days in the month `month` (1–12) of `year`. */
export const daysInMonth = (year: number, month: number) =>
  PlainDateFns.daysInMonth(PlainDateFns.create(year, month, 1));

/** The calendar date of a year, month and day, or null when there is no such day («31/02»). */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return PlainDateFns.toString(PlainDateFns.create(year, month, day));
}

/** The first and last day of the month of `date` («AAAA-MM-01», «AAAA-MM-31»), `offset` months away. */
export function monthOf(date: string, offset = 0): { from: string; to: string } {
  const [year, month] = splitDate(date);
  const index = year * 12 + (month - 1) + offset;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return { from: calendarDate(y, m, 1)!, to: calendarDate(y, m, daysInMonth(y, m))! };
}

/** The first and last day of the year of `date`. */
export const yearOf = (date: string) => ({ from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31` });

/** Whole years from `birthDate` to `today` (both «AAAA-MM-DD»). */
export function yearsBetween(birthDate: string, today: string): number {
  const [by, bm, bd] = splitDate(birthDate);
  const [ty, tm, td] = splitDate(today);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whole months from `birthDate` to `today` (both «AAAA-MM-DD»). */
export function monthsBetween(birthDate: string, today: string): number {
  const [by, bm, bd] = splitDate(birthDate);
  const [ty, tm, td] = splitDate(today);
  return Math.max(0, (ty - by) * 12 + tm - bm - (td < bd ? 1 : 0));
}

/** «Lunes, 23 de marzo de 2026»: only the first letter in capitals, as Spanish writes it. */
export const capitalizeFirst = (text: string) => text.charAt(0).toLocaleUpperCase('es-ES') + text.slice(1);

/** The month «AAAA-MM» of a calendar date and the `count − 1` before it, the newest first. */
export function monthsBack(date: string, count: number): string[] {
  const first = plainDate(`${date.slice(0, 7)}-01`);
  return Array.from({ length: count }, (_, index) =>
    PlainDateFns.toString(PlainDateFns.subtractMonths(first, index)).slice(0, 7),
  );
}
