/**
 * The server's one date module, the twin of `src/client/lib/dates.ts`: every date or time the server writes
 * (e-mails, SMS, PDFs, CSVs, messages) is written here, in Spanish (`es-ES`) and in the clinic's zone (the
 * `timeZone` argument: the clinic's settings), never in the server's. "Now" comes from the clock (`./clock`).
 *
 * Two kinds of values:
 * - an **instant**: a `Date` (what the database driver gives and takes), an ISO string («2026-03-23T08:30:00Z»)
 *   or milliseconds since the epoch. Exact spans of time (a token's 15 minutes, a session's 7 days of 24 hours)
 *   are added with `plus`/`minus` and measured with `durationMs`;
 * - a **calendar date** «AAAA-MM-DD» (a holiday, the day a list shows, a birth date): no zone; its start in the
 *   clinic's zone is `startOfDay`, and calendar arithmetic (`addDays`, across the changes of hour) is Temporal's.
 *
 * Each format is one function (`formatWhen`, `formatNumericDate`…), built on `esDateFormat` (each set of options
 * built once). Nothing else on the server builds a `Date`, reads `Date.now()` or formats a date by itself (a lint
 * rule keeps it so; `eslint.config.js` lists the few edges that must, with their reasons).
 */
import { Temporal } from 'temporal-polyfill';
import { dateInZone, esDateFormat } from '../../common/time';

export { dateInZone };

/** An instant: a `Date`, an ISO string or milliseconds since the epoch. */
export type InstantInput = Date | string | number;

// ---------------------------------------------------------------- instants

/** The `Date` of an instant (an ISO string from the API or the database, or milliseconds since the epoch). */
export const toInstant = (value: InstantInput): Date => (value instanceof Date ? value : new Date(value));

/** Milliseconds since the epoch of an instant (NaN for a text that is not one, as `Date.parse` answers). */
export const epochMs = (value: InstantInput): number =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);

/** The real time of this process, in milliseconds: only for caches and timing work, never for a rule (`clock`). */
export const realNowMs = (): number => Date.now();

/** An exact span of time: `days` are 24 hours each (calendar days in a zone: `addDays` on calendar dates). */
export interface Span {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}

const MS_PER = { days: 86_400_000, hours: 3_600_000, minutes: 60_000, seconds: 1000, milliseconds: 1 } as const;

/** The milliseconds of an exact span: `durationMs({ minutes: 15 })` = 900 000. */
export function durationMs(span: Span): number {
  let total = 0;
  for (const unit of Object.keys(MS_PER) as (keyof Span)[]) total += (span[unit] ?? 0) * MS_PER[unit];
  return total;
}

/** The instant `span` after `at`. */
export const plus = (at: InstantInput, span: Span): Date => new Date(epochMs(at) + durationMs(span));

/** The instant `span` before `at`. */
export const minus = (at: InstantInput, span: Span): Date => new Date(epochMs(at) - durationMs(span));

/** Minutes from `from` to `to` (fractional; negative when `to` is earlier). */
export const minutesBetween = (from: InstantInput, to: InstantInput): number =>
  (epochMs(to) - epochMs(from)) / MS_PER.minutes;

/** The earliest of some instants. */
export const earliestOf = (...instants: InstantInput[]): Date => new Date(Math.min(...instants.map(epochMs)));

/** The latest of some instants. */
export const latestOf = (...instants: InstantInput[]): Date => new Date(Math.max(...instants.map(epochMs)));

/**
 * Whole spans of 24 hours from `from` to `to`, rounded down: an instant an hour before `from` is -1 (a certificate
 * that expired an hour ago has -1 days left, not 0).
 */
export const wholeDaysBetween = (from: InstantInput, to: InstantInput): number =>
  Math.floor((epochMs(to) - epochMs(from)) / MS_PER.days);

/** The instant of a count of seconds since the epoch (the expiry a signed link carries). */
export const fromEpochSeconds = (seconds: number): Date => new Date(seconds * MS_PER.seconds);

// ---------------------------------------------------------------- calendar dates «AAAA-MM-DD»

/** The instant of wall-clock midnight of a date (`YYYY-MM-DD`) in a time zone. */
export const startOfDay = (date: string, timeZone: string): Date =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);

/** The instant the day after `date` starts in a time zone: the end (excluded) of a range of days. */
export const startOfNextDay = (date: string, timeZone: string): Date => startOfDay(addDays(date, 1), timeZone);

/** Adds calendar days to a date «AAAA-MM-DD». */
export const addDays = (date: string, days: number): string => Temporal.PlainDate.from(date).add({ days }).toString();

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;

/**
 * The date «AAAA-MM-DD» of a year, month and day, or null when there is no such day («31/02»). Years below 100
 * are refused, as `Date.UTC` did (it read them as 19xx): a two-digit year is the typist's, not a date's.
 */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < 100 || year > 9999) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const date = Temporal.PlainDate.from({ year, month, day }, { overflow: 'constrain' });
  return date.day === day ? date.toString() : null;
}

// ---------------------------------------------------------------- formats, in Spanish

const format = (instant: InstantInput, options: Intl.DateTimeFormatOptions) =>
  esDateFormat(options).format(epochMs(instant));

/** «09:30» in the zone. */
export const formatTime = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** «09:30:05» in the zone: the audit log is read to the second. */
export const formatTimeWithSeconds = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** «lunes, 23 de marzo de 2026» in the zone. */
export const formatLongDay = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** «lunes, 23 de marzo de 2026, 09:30» in the clinic's zone: e-mails never use the server's zone. */
export const formatWhen = (instant: InstantInput, timeZone: string) =>
  `${formatLongDay(instant, timeZone)}, ${formatTime(instant, timeZone)}`;

/** «23 de marzo de 2026» in the zone. */
export const formatDate = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, day: 'numeric', month: 'long', year: 'numeric' });

/** «octubre de 2026» of a month «AAAA-MM» (a calendar month: no zone involved). */
export const formatCalendarMonth = (month: string) =>
  format(`${month}-15T12:00:00Z`, { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** «23 de marzo» in the zone. */
export const formatDayAndMonth = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, day: 'numeric', month: 'long' });

/** «lun 23/3» in the zone: an SMS counts its characters. */
export const formatShortWeekdayAndDay = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, weekday: 'short', day: 'numeric', month: 'numeric' }).replace(',', '');

/** «23/03/2026» in the zone. */
export const formatNumericDate = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });

/** «23/03/2026, 09:30» in the zone. */
export const formatNumericDateTime = (instant: InstantInput, timeZone: string) =>
  format(instant, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/** «23/3/2026, 9:30:05» in the zone (what `toLocaleString('es-ES')` writes: a backup's time in the console). */
export const formatDateTimeWithSeconds = (instant: InstantInput, timeZone: string) =>
  format(instant, {
    timeZone,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });

/** «23/3/26, 9:30» in the zone. */
export const formatShortDateTime = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, dateStyle: 'short', timeStyle: 'short' });

/** «23 de marzo de 2026 a las 9:30» in the zone. */
export const formatLongDateTime = (instant: InstantInput, timeZone: string) =>
  format(instant, { timeZone, dateStyle: 'long', timeStyle: 'short' });

/** «23 de marzo de 2026» for a calendar date «AAAA-MM-DD» (no zone: the same day anywhere). */
export const formatCalendarDate = (date: string) =>
  format(
    Temporal.PlainDate.from(date.slice(0, 10)).toZonedDateTime({ timeZone: 'UTC', plainTime: '12:00' })
      .epochMilliseconds,
    {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    },
  );
