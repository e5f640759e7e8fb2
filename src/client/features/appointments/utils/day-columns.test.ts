import { describe, expect, it } from 'vitest';
import { appointment } from '../test/fixtures';
import {
  absenceOn,
  dayRange,
  hoursLabel,
  instantAt,
  minuteAtOffset,
  offHourSpans,
  orderDoctors,
  placeAppointments,
} from './day-columns';
import { wallMinutes } from '../../../lib/dates';

const TZ = 'Europe/Madrid';
// Monday 23 March 2026: before the clocks change (UTC+1), then Monday 30 March after it (UTC+2).
const doctor = {
  schedule: [
    { weekday: 1, start: '16:00', end: '19:00' },
    { weekday: 1, start: '09:00', end: '14:00' },
    { weekday: 5, start: '09:00', end: '15:00' },
  ],
  absences: [{ id: 'x', startDate: '2026-03-24', endDate: '2026-03-26', reason: 'Congreso' }],
};

describe('the per-doctor day view', () => {
  it("reads instants on the clinic's wall clock and back, across the change to summer time", () => {
    expect(wallMinutes('2026-03-23T08:30:00.000Z', TZ)).toBe(9 * 60 + 30);
    expect(wallMinutes('2026-03-30T08:30:00.000Z', TZ)).toBe(10 * 60 + 30);
    expect(instantAt('2026-03-23', 9 * 60 + 30, TZ)).toBe('2026-03-23T08:30:00.000Z');
    expect(instantAt('2026-03-30', 9 * 60 + 30, TZ)).toBe('2026-03-30T07:30:00.000Z');
    expect(dayRange('2026-03-29', TZ)).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
  });

  it("shades the shown hours outside the doctor's intervals of that weekday", () => {
    expect(offHourSpans(doctor, '2026-03-23')).toEqual([
      { start: 7 * 60, end: 9 * 60 },
      { start: 14 * 60, end: 16 * 60 },
      { start: 19 * 60, end: 21 * 60 },
    ]);
    expect(offHourSpans(doctor, '2026-03-22')).toEqual([{ start: 7 * 60, end: 21 * 60 }]);
    expect(hoursLabel(doctor, '2026-03-23')).toBe('09:00–14:00 y 16:00–19:00');
    expect(hoursLabel(doctor, '2026-03-22')).toBe('No trabaja este día');
  });

  it('finds the absence covering a day, its first and last days included', () => {
    expect(absenceOn(doctor, '2026-03-23')).toBeUndefined();
    expect(absenceOn(doctor, '2026-03-24')?.reason).toBe('Congreso');
    expect(absenceOn(doctor, '2026-03-26')?.reason).toBe('Congreso');
    expect(absenceOn(doctor, '2026-03-27')).toBeUndefined();
  });

  it('places appointments by minute, leaves cancelled ones out and puts overlapping ones side by side', () => {
    const placed = placeAppointments(
      [
        appointment({ id: 'a', startsAt: '2026-03-23T08:00:00Z', endsAt: '2026-03-23T08:30:00Z' }),
        appointment({ id: 'b', startsAt: '2026-03-23T08:15:00Z', endsAt: '2026-03-23T08:45:00Z' }),
        appointment({ id: 'c', startsAt: '2026-03-23T08:15:00Z', endsAt: '2026-03-23T08:45:00Z', status: 'cancelada' }),
        appointment({ id: 'd', startsAt: '2026-03-23T09:00:00Z', endsAt: '2026-03-23T09:20:00Z' }),
      ],
      TZ,
    );
    expect(placed.map(({ appointment: { id }, start, end, lane, lanes }) => ({ id, start, end, lane, lanes }))).toEqual(
      [
        { id: 'a', start: 540, end: 570, lane: 0, lanes: 2 },
        { id: 'b', start: 555, end: 585, lane: 1, lanes: 2 },
        { id: 'd', start: 600, end: 620, lane: 0, lanes: 1 },
      ],
    );
  });

  it('turns a drop height into a minute snapped to 5 and kept inside the shown hours', () => {
    // 1.6 px a minute from 07:00: 96 px is 08:00, 100 px rounds to 08:05.
    expect(minuteAtOffset(96)).toBe(8 * 60);
    expect(minuteAtOffset(100)).toBe(8 * 60 + 5);
    expect(minuteAtOffset(-40)).toBe(7 * 60);
    expect(minuteAtOffset(5000, 30)).toBe(20 * 60 + 30);
  });

  it("orders the doctors by the user's choice, new ones at the end, hidden ones left out of the columns", () => {
    const doctors = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    expect(orderDoctors(doctors, null).shown.map((d) => d.id)).toEqual(['a', 'b', 'c', 'd']);
    const chosen = orderDoctors(doctors, { order: ['c', 'gone', 'a', 'b'], hidden: ['a'] });
    expect(chosen.ordered.map((d) => d.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(chosen.shown.map((d) => d.id)).toEqual(['c', 'b', 'd']);
  });
});
