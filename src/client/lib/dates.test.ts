import { describe, expect, it } from 'vitest';
import { fixClock } from '../test/clock';
import { currentYearIn } from './clock';
import {
  addDays,
  addMinutes,
  calendarDate,
  dayKey,
  daysBetween,
  daysInMonth,
  formatCalendarDate,
  formatCalendarDay,
  formatCalendarRange,
  formatDate,
  formatDateTime,
  formatLongDay,
  formatMonth,
  formatShortCalendarDate,
  formatTime,
  isInstant,
  isoWeekday,
  isPast,
  minutesBetween,
  mondayOf,
  monthOf,
  monthsBetween,
  toIso,
  todayIn,
  wallMinutes,
  yearOf,
  yearsBetween,
  zonedInstant,
} from './dates';

describe('clinic wall-clock times as instants', () => {
  it('uses the offset of the day: winter and summer in Madrid', () => {
    expect(zonedInstant('2026-01-15', '09:30', 'Europe/Madrid')).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedInstant('2026-07-15', '09:30', 'Europe/Madrid')).toBe('2026-07-15T07:30:00.000Z');
    expect(zonedInstant('2026-07-15', '09:30', 'America/New_York')).toBe('2026-07-15T13:30:00.000Z');
  });

  it('moves a time in the spring-forward gap forward, as clocks do', () => {
    // 29 March 2026: at 02:00 Madrid jumps to 03:00.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    expect(
      minutesBetween(
        zonedInstant('2026-03-29', '00:00', 'Europe/Madrid'),
        zonedInstant('2026-03-30', '00:00', 'Europe/Madrid'),
      ),
    ).toBe(23 * 60);
  });

  it('knows weekdays and the Monday of a week', () => {
    expect(isoWeekday('2026-03-23')).toBe(1);
    expect(isoWeekday('2026-03-29')).toBe(7);
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(mondayOf('2026-03-23')).toBe('2026-03-23');
  });
});

describe('the client date module', () => {
  // 23:30 UTC on Sunday 11 January is already Monday 12 in Madrid, and still Sunday 11 in New York.
  const lateSunday = '2026-01-11T23:30:00Z';

  it('writes an instant in the zone it is given, never in the browser’s', () => {
    expect(formatDate(lateSunday, 'Europe/Madrid')).toBe('12 de enero de 2026');
    expect(formatDate(lateSunday, 'America/New_York')).toBe('11 de enero de 2026');
    expect(formatTime(lateSunday, 'Europe/Madrid')).toBe('00:30');
    expect(formatLongDay(lateSunday, 'Europe/Madrid')).toBe('lunes, 12 de enero de 2026');
    expect(dayKey(lateSunday, 'Europe/Madrid')).toBe('2026-01-12');
    expect(wallMinutes(lateSunday, 'Europe/Madrid')).toBe(30);
    // Milliseconds (the clock's) and ISO strings (the API's) are the same instant.
    expect(formatDateTime(Date.parse(lateSunday), 'Europe/Madrid')).toBe(formatDateTime(lateSunday, 'Europe/Madrid'));
  });

  it('writes a calendar date as that day, whatever the zones', () => {
    expect(formatCalendarDate('2026-03-10')).toBe('10 de marzo de 2026');
    expect(formatShortCalendarDate('2026-03-10')).toBe('10/03/2026');
    expect(formatCalendarDay('2026-03-23')).toBe('lunes, 23 de marzo de 2026');
    expect(formatCalendarRange('2026-08-03', '2026-08-14')).toBe('3–14 de agosto de 2026');
    expect(formatCalendarRange('2026-08-03', '2026-08-03')).toBe('3 de agosto de 2026');
  });

  it('counts days and years on calendar dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-23', '2026-03-30')).toBe(7);
    expect(daysBetween('2026-03-30', '2026-03-23')).toBe(-7);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(calendarDate(2026, 2, 29)).toBeNull();
    expect(calendarDate(2028, 2, 29)).toBe('2028-02-29');
    expect(yearsBetween('1980-05-02', '2026-05-01')).toBe(45);
    expect(yearsBetween('1980-05-02', '2026-05-02')).toBe(46);
    expect(monthsBetween('2025-11-20', '2026-03-19')).toBe(3);
  });

  it("reads today and the past from the client's clock, which a test sets", () => {
    fixClock('2026-01-11T22:59:00Z');
    expect(todayIn('Europe/Madrid')).toBe('2026-01-11');
    expect(isPast('2026-01-11T22:58:59Z')).toBe(true);
    expect(isPast('2026-01-11T22:59:01Z')).toBe(false);
    fixClock('2026-01-11T23:00:00Z');
    expect(todayIn('Europe/Madrid')).toBe('2026-01-12');
    expect(todayIn('America/New_York')).toBe('2026-01-11');
    fixClock('2026-12-31T23:30:00Z');
    expect(currentYearIn('Europe/Madrid')).toBe(2027);
    expect(currentYearIn('America/New_York')).toBe(2026);
  });

  it('tells an ISO instant from anything else an address may carry', () => {
    expect(isInstant('2026-03-23T08:30:00.000Z')).toBe(true);
    expect(isInstant('mañana')).toBe(false);
    expect(toIso('2026-03-23T08:30:00Z')).toBe('2026-03-23T08:30:00.000Z');
    expect(addMinutes('2026-03-23T08:30:00Z', 45)).toBe('2026-03-23T09:15:00.000Z');
  });
});

describe('the periods of «Mi producción»', () => {
  it('gives a month and the ones around it, across the turn of the year and in a leap February', () => {
    expect(monthOf('2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(monthOf('2027-01-15', -1)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2028-03-31', -1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31', 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(yearOf('2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('names a month in Spanish', () => {
    expect(formatMonth('2026-01')).toBe('enero de 2026');
    expect(formatMonth('2026-12', 'short')).toBe('dic 26');
  });
});
