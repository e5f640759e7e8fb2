import { describe, expect, it } from 'vitest';
import { limitFreesAt, parseLimit, secondsUntil, waitInSpanish } from './limits';

describe('limits', () => {
  it('reads count/window', () => {
    expect(parseLimit('10/15m')).toEqual({ max: 10, timeWindow: 900_000 });
    expect(parseLimit('1/1d')).toEqual({ max: 1, timeWindow: 86_400_000 });
    expect(parseLimit('600/1M')).toEqual({ max: 600, timeWindow: 60_000 });
    expect(parseLimit('10/15min')).toBeNull();
  });

  it('says when a count under a limit lets one more through: when enough of the oldest have left the window', () => {
    const fiveADay = { max: 5, timeWindow: 86_400_000 };
    const hour = 3_600_000;
    const now = 30 * hour;
    // Six in the window (the desk's automatic e-mail came on top of five resends): two must leave.
    const sent = [7, 9, 10, 12, 20, 25].map((at) => at * hour);
    expect(limitFreesAt(sent, fiveADay, now)).toBe(9 * hour + fiveADay.timeWindow);
    expect(limitFreesAt(sent.slice(2), fiveADay, now)).toBeUndefined();
    // One from before the window does not count.
    expect(
      limitFreesAt(
        [2, 10, 12, 20, 25].map((at) => at * hour),
        fiveADay,
        now,
      ),
    ).toBeUndefined();
  });

  it('waits whole seconds, at least one, and says them in Spanish', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(1);
    expect(secondsUntil(910_000, 10_000)).toBe(900);
    expect([1, 30, 60, 61, 90, 900, 3_600, 5_400, 7_200, 86_400, 100_000, 172_800].map(waitInSpanish)).toEqual([
      'un segundo',
      '30 segundos',
      'un minuto',
      '2 minutos',
      '2 minutos',
      '15 minutos',
      'una hora',
      '90 minutos',
      '2 horas',
      'un día',
      '28 horas',
      '2 días',
    ]);
  });
});
