import { describe, expect, it } from 'vitest';
import { isoWeekday, minutesBetween, mondayOf, zonedInstant } from './zoned-time';

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
