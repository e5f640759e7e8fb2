import { describe, expect, it } from 'vitest';
import { freeSlots, type SlotQuery } from './slots';
import { dateInZone } from '../../platform/dates';

const base: SlotQuery = {
  timeZone: 'Europe/Madrid',
  fromDate: '2026-03-23',
  toDate: '2026-03-23',
  durationMinutes: 30,
  schedule: [
    { weekday: 1, startMinute: 9 * 60, endMinute: 11 * 60 },
    { weekday: 1, startMinute: 16 * 60, endMinute: 17 * 60 },
  ],
  absences: [],
  busy: [],
  earliest: new Date('2026-01-01T00:00:00Z'),
  latest: new Date('2027-01-01T00:00:00Z'),
};

const iso = (slots: { startsAt: Date }[]) => slots.map((slot) => slot.startsAt.toISOString());

describe('freeSlots', () => {
  it('cuts each working interval into slots of the length asked for', () => {
    expect(iso(freeSlots(base))).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-23T08:30:00.000Z',
      '2026-03-23T09:00:00.000Z',
      '2026-03-23T09:30:00.000Z',
      '2026-03-23T15:00:00.000Z',
      '2026-03-23T15:30:00.000Z',
    ]);
  });

  it('keeps 09:00 wall-clock across the spring change (UTC+1 → UTC+2)', () => {
    const schedule = [7, 1].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 9 * 60 + 30 }));
    const slots = freeSlots({ ...base, schedule, fromDate: '2026-03-28', toDate: '2026-03-30' });
    // Sunday 29 March 2026 is the change day; Monday 30 is summer time.
    expect(iso(slots)).toEqual(['2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('keeps 09:00 wall-clock across the autumn change (UTC+2 → UTC+1)', () => {
    const schedule = [6, 7].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 9 * 60 + 30 }));
    const slots = freeSlots({ ...base, schedule, fromDate: '2026-10-24', toDate: '2026-10-25' });
    expect(iso(slots)).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z']);
  });

  it('gives no slot at a wall-clock time that does not exist, and real lengths across the change', () => {
    const schedule = [{ weekday: 7, startMinute: 60, endMinute: 4 * 60 }];
    const slots = freeSlots({ ...base, schedule, durationMinutes: 60, fromDate: '2026-03-29', toDate: '2026-03-29' });
    // 01:00 (UTC+1) exists, 02:00 does not, 03:00 is UTC+2.
    expect(iso(slots)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
  });

  it('works in a zone without daylight saving (America/Mexico_City, UTC−6 all year)', () => {
    const schedule = [{ weekday: 7, startMinute: 9 * 60, endMinute: 9 * 60 + 30 }];
    const slots = freeSlots({
      ...base,
      timeZone: 'America/Mexico_City',
      schedule,
      fromDate: '2026-03-29',
      toDate: '2026-10-25',
    });
    expect(slots.every((slot) => slot.startsAt.getUTCHours() === 15)).toBe(true);
    expect(slots).toHaveLength(31);
  });

  it('skips absences, busy ranges of any length, and respects notice and horizon', () => {
    const slots = freeSlots({
      ...base,
      fromDate: '2026-03-23',
      toDate: '2026-03-30',
      absences: [{ startDate: '2026-03-30', endDate: '2026-04-05' }],
      busy: [{ startsAt: new Date('2026-03-23T08:20:00Z'), endsAt: new Date('2026-03-23T08:40:00Z') }],
      earliest: new Date('2026-03-23T08:10:00Z'),
      latest: new Date('2026-03-23T15:00:00Z'),
    });
    expect(iso(slots)).toEqual(['2026-03-23T09:00:00.000Z', '2026-03-23T09:30:00.000Z', '2026-03-23T15:00:00.000Z']);
  });

  it('tells the wall-clock date of an instant', () => {
    expect(dateInZone(new Date('2026-03-22T23:30:00Z'), 'Europe/Madrid')).toBe('2026-03-23');
    expect(dateInZone(new Date('2026-03-22T23:30:00Z'), 'America/Mexico_City')).toBe('2026-03-22');
  });
});
