import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDate,
  dateInZone,
  daysBetween,
  durationMs,
  earliestOf,
  epochMs,
  formatCalendarDate,
  formatDate,
  formatDateTimeWithSeconds,
  formatDayAndMonth,
  formatLongDateTime,
  formatLongDay,
  formatNumericDate,
  formatNumericDateTime,
  formatShortDateTime,
  formatShortWeekdayAndDay,
  formatTime,
  formatTimeWithSeconds,
  formatWhen,
  fromEpochSeconds,
  latestOf,
  minus,
  minutesBetween,
  plus,
  startOfDay,
  startOfNextDay,
  toInstant,
  wholeDaysBetween,
} from './dates';

const MADRID = 'Europe/Madrid';

// The moments: a summer and a winter morning (after 29 March and after 25 October 2026, the changes of hour), a
// night in Madrid that is still the day before in UTC, and New Year's Eve at 23:30.
const SUMMER = '2026-07-15T07:15:00Z'; // 09:15 in Madrid (UTC+2)
const WINTER = '2026-11-30T08:15:00Z'; // 09:15 in Madrid (UTC+1)
const MADRID_AFTER_MIDNIGHT = '2026-03-22T23:30:00Z'; // 00:30 on Monday 23 March in Madrid, still the 22nd in UTC
const NEW_YEARS_EVE = '2026-12-31T22:30:00Z'; // 23:30 on 31 December in Madrid

describe('the server date module', () => {
  it('writes the clinic’s wall clock, summer and winter alike', () => {
    expect(formatWhen(SUMMER, MADRID)).toBe('miércoles, 15 de julio de 2026, 09:15');
    expect(formatWhen(WINTER, MADRID)).toBe('lunes, 30 de noviembre de 2026, 09:15');
    expect(formatWhen(new Date(WINTER), 'America/Mexico_City')).toBe('lunes, 30 de noviembre de 2026, 02:15');
  });

  it('tells the day in the clinic’s zone, not in UTC', () => {
    expect(dateInZone(MADRID_AFTER_MIDNIGHT, MADRID)).toBe('2026-03-23');
    expect(dateInZone(new Date(MADRID_AFTER_MIDNIGHT), 'UTC')).toBe('2026-03-22');
    expect(dateInZone(epochMs(NEW_YEARS_EVE), MADRID)).toBe('2026-12-31');
    expect(formatLongDay(MADRID_AFTER_MIDNIGHT, MADRID)).toBe('lunes, 23 de marzo de 2026');
    expect(formatTime(MADRID_AFTER_MIDNIGHT, MADRID)).toBe('00:30');
  });

  it('starts a day at its midnight in the zone, across the changes of hour', () => {
    expect(startOfDay('2026-03-29', MADRID).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // 29 March has 23 hours in Madrid, 25 October 25.
    expect(startOfNextDay('2026-03-29', MADRID).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDay('2026-10-25', MADRID).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfNextDay('2026-10-25', MADRID).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfNextDay('2026-12-31', MADRID).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('counts calendar days and exact spans apart', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('1899-12-30', '2026-11-30')).toBe(46_356);
    // An exact day is 24 hours: over the spring change the wall clock moves an hour more.
    expect(formatWhen(plus('2026-03-28T09:00:00Z', { days: 1 }), MADRID)).toBe('domingo, 29 de marzo de 2026, 11:00');
    expect(minus(NEW_YEARS_EVE, { minutes: 30 }).toISOString()).toBe('2026-12-31T22:00:00.000Z');
    expect(plus(NEW_YEARS_EVE, { hours: 1 }).toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(durationMs({ days: 7 })).toBe(7 * 24 * 60 * 60 * 1000);
    expect(durationMs({ hours: 1, minutes: 1, seconds: 1, milliseconds: 1 })).toBe(3_661_001);
    expect(minutesBetween(SUMMER, '2026-07-15T08:45:00Z')).toBe(90);
    expect(earliestOf(SUMMER, WINTER).toISOString()).toBe('2026-07-15T07:15:00.000Z');
    expect(latestOf(new Date(SUMMER), epochMs(WINTER)).toISOString()).toBe('2026-11-30T08:15:00.000Z');
    expect(toInstant(epochMs(WINTER)).toISOString()).toBe('2026-11-30T08:15:00.000Z');
    expect(fromEpochSeconds(epochMs(WINTER) / 1000).toISOString()).toBe('2026-11-30T08:15:00.000Z');
  });

  it('counts whole days of 24 hours, rounding down', () => {
    expect(wholeDaysBetween(SUMMER, WINTER)).toBe(138);
    expect(wholeDaysBetween(SUMMER, plus(SUMMER, { days: 2, hours: 23 }))).toBe(2);
    expect(wholeDaysBetween(SUMMER, SUMMER)).toBe(0);
    // An hour late is a day late: an expired certificate never has 0 days left.
    expect(wholeDaysBetween(SUMMER, minus(SUMMER, { hours: 1 }))).toBe(-1);
    expect(wholeDaysBetween(SUMMER, minus(SUMMER, { days: 1 }))).toBe(-1);
  });

  it('builds only the calendar dates there are', () => {
    expect(calendarDate(2028, 2, 29)).toBe('2028-02-29');
    expect(calendarDate(2026, 2, 29)).toBeNull();
    expect(calendarDate(2026, 13, 1)).toBeNull();
    expect(calendarDate(2026, 12, 31)).toBe('2026-12-31');
    expect(calendarDate(26, 12, 31)).toBeNull();
  });

  it('writes each format in Spanish, in the zone', () => {
    expect(formatDate(NEW_YEARS_EVE, MADRID)).toBe('31 de diciembre de 2026');
    expect(formatDate(NEW_YEARS_EVE, 'UTC')).toBe('31 de diciembre de 2026');
    expect(formatDate('2026-12-31T23:30:00Z', MADRID)).toBe('1 de enero de 2027');
    expect(formatDayAndMonth(WINTER, MADRID)).toBe('30 de noviembre');
    expect(formatShortWeekdayAndDay(WINTER, MADRID)).toBe('lun 30/11');
    expect(formatNumericDate(NEW_YEARS_EVE, MADRID)).toBe('31/12/2026');
    expect(formatNumericDateTime(NEW_YEARS_EVE, MADRID)).toBe('31/12/2026, 23:30');
    expect(formatTimeWithSeconds('2026-07-15T07:15:05Z', MADRID)).toBe('09:15:05');
    expect(formatShortDateTime(SUMMER, MADRID)).toBe('15/7/26, 9:15');
    expect(formatLongDateTime(WINTER, MADRID)).toBe('30 de noviembre de 2026 a las 9:15');
    expect(formatDateTimeWithSeconds(MADRID_AFTER_MIDNIGHT, MADRID)).toBe('23/3/2026, 0:30:00');
    expect(formatCalendarDate('2026-12-31')).toBe('31 de diciembre de 2026');
    expect(formatCalendarDate('2026-03-29')).toBe('29 de marzo de 2026');
  });
});
